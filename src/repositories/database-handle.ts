import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/**
 * The query builder of an open database (`Store.db`). Only repositories hold one; services are
 * given repositories. Constructors that took the database before repositories existed still
 * accept it and wrap it in their repository.
 */
export type DatabaseHandle = Kysely<Database>;

/** One UPDATE/DELETE's affected row count as a number (drivers answer bigint or number). */
export function affected(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): number {
  return Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0);
}

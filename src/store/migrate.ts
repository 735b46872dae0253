import { Migrator, sql, type Kysely } from 'kysely';
import type { Store } from './database.js';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {}

/**
 * Brings the database to the newest schema; applies nothing when it is already there, so every
 * process may call it at start. Returns the names of the migrations applied now.
 *
 * Nodes starting together must not run a migration twice. On PostgreSQL, Kysely holds an
 * advisory lock and a transaction. On SQLite it does neither (it assumes one connection), so
 * we hold the file's write lock for the whole run with BEGIN IMMEDIATE: a second process waits
 * (busy_timeout) and then finds the work done, and a failed migration rolls back whole, since
 * SQLite's DDL is transactional.
 */
export async function migrateToLatest(store: Store): Promise<string[]> {
  // Name the schema on PostgreSQL: without it Kysely looks for its bookkeeping tables in every
  // schema of the database and may find another deployment's (or another test's).
  if (store.dialect === 'postgres') return run(store.db, store.schema);
  return store.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const applied = await run(connection);
      await sql`commit`.execute(connection);
      return applied;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

async function run(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`database migration ${failed} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

import { sql } from 'kysely';
import type { SynthesisCacheRow, SynthesisCacheTable } from '../store/schema.js';
import type { DatabaseHandle } from './database-handle.js';

/** The `synthesis_cache` table: the response cache's index (key → blob, size, last use). */
export class SynthesisCacheRepository {
  constructor(private readonly db: DatabaseHandle) {}

  async find(key: string): Promise<SynthesisCacheRow | null> {
    const row = await this.db.selectFrom('synthesis_cache').selectAll().where('key', '=', key).executeTakeFirst();
    return row ? { ...row, size: Number(row.size), created_at: Number(row.created_at), last_used_at: Number(row.last_used_at) } : null;
  }

  async touch(key: string, now: number): Promise<void> {
    await this.db.updateTable('synthesis_cache').set({ last_used_at: now }).where('key', '=', key).execute();
  }

  /** Records a stored answer; a second writer of the same key keeps the first row (same bytes). */
  async insert(row: Omit<SynthesisCacheTable, 'owner_uid'> & { owner_uid?: string | null }): Promise<void> {
    await this.db.insertInto('synthesis_cache').values(row).onConflict((oc) => oc.column('key').doNothing()).execute();
  }

  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('synthesis_cache').where('key', '=', key).execute();
  }

  /** Bytes of every cached answer together. */
  async totalBytes(): Promise<number> {
    const row = await this.db
      .selectFrom('synthesis_cache')
      .select(sql<string | number | null>`sum(size)`.as('total'))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** The least recently used entries first, `limit` at a time. */
  async leastRecentlyUsed(limit: number): Promise<{ key: string; blob_key: string; size: number }[]> {
    const rows = await this.db
      .selectFrom('synthesis_cache')
      .select(['key', 'blob_key', 'size'])
      .orderBy('last_used_at', 'asc')
      .orderBy('key', 'asc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, size: Number(r.size) }));
  }
}

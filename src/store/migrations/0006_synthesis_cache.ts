import type { Kysely } from 'kysely';

/**
 * The index of the response cache: one small row per cached answer, whose bytes live in the blob
 * store under `blob_key`. Shared by every process of a scaled setup (the database and the blob store
 * are), and it survives restarts; `last_used_at` orders the least-recently-used eviction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('synthesis_cache')
    // hex SHA-256 of everything that shapes the answer (voice and its version, text, controls…).
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('synthesis_cache_last_used').on('synthesis_cache').column('last_used_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('synthesis_cache').execute();
}

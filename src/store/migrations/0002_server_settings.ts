import type { Kysely } from 'kysely';

/**
 * Values the whole deployment shares, created once: the server secret lives here rather than
 * in a file so that every node of a scaled deployment signs and decrypts with the same key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_settings').execute();
}

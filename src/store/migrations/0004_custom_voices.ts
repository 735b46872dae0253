import type { Kysely } from 'kysely';

/**
 * Custom voices: one row per voice of an account, its lifecycle status, the fitted profile (JSON)
 * and where its original upload lies in the blob store. Deleting a voice deletes its row, so the
 * plan's slot is free at once; an account's voices go with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('custom_voices')
    .addColumn('voice_id', 'text', (c) => c.primaryKey())
    .addColumn('account_uid', 'text', (c) => c.notNull().references('accounts.uid').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('profile', 'text')
    .addColumn('upload_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_voices_account').on('custom_voices').columns(['account_uid', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_voices').execute();
}

import type { Kysely } from 'kysely';

/**
 * Pronunciation dictionaries: one row per dictionary of an account (its name, whether it applies
 * to every synthesis of the account, which version is the latest) and one row per version, its
 * rules as JSON. A change never edits a version: it adds one, so a request naming an older
 * version still gets exactly those rules. A dictionary's versions go with it, and its rows with
 * the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pronunciation_dictionaries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_uid', 'text', (c) => c.notNull().references('accounts.uid').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_version_id', 'text', (c) => c.notNull())
    .addColumn('latest_version_number', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('archived_at', 'bigint')
    .execute();
  await db.schema.createIndex('pronunciation_dictionaries_account').on('pronunciation_dictionaries').columns(['account_uid', 'created_at']).execute();
  await db.schema
    .createTable('pronunciation_dictionary_versions')
    .addColumn('version_id', 'text', (c) => c.primaryKey())
    .addColumn('dictionary_id', 'text', (c) => c.notNull().references('pronunciation_dictionaries.id').onDelete('cascade'))
    .addColumn('version_number', 'integer', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('rules_count', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pronunciation_dictionary_versions_number').unique().on('pronunciation_dictionary_versions').columns(['dictionary_id', 'version_number']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pronunciation_dictionary_versions').execute();
  await db.schema.dropTable('pronunciation_dictionaries').execute();
}

import type { Kysely } from 'kysely';

/**
 * Accounts over their whole life: an account can be disabled (and enabled again) without losing
 * anything, and every change an operator makes is written to `account_audit`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('disabled_at', 'bigint').execute();
  await db.schema
    .createTable('account_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    /** `cli` or `admin-api`. */
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    /** JSON object. */
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_audit_uid_at').on('account_audit').columns(['uid', 'at']).execute();
  await db.schema.createIndex('account_audit_at').on('account_audit').columns(['at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_audit').execute();
  await db.schema.alterTable('accounts').dropColumn('disabled_at').execute();
}

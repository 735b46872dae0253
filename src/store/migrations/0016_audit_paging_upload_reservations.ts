import type { Kysely } from 'kysely';

/**
 * The audit log is read newest first a page at a time (a cursor of `at` and `id`): indexes in
 * that order, for every account's entries and for one account's.
 *
 * Upload reservations: the bytes an upload in flight may still store, taken under a lock of its
 * account before its body is read and settled to the real size after (or given back on a failure),
 * so parallel uploads can never keep more than the plan's `upload_bytes`. A reservation whose node
 * died is ignored once `expires_at` has passed, and removed by the next reservation of its account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('account_audit_at_id').on('account_audit').columns(['at', 'id']).execute();
  await db.schema.createIndex('account_audit_uid_at_id').on('account_audit').columns(['uid', 'at', 'id']).execute();
  await db.schema
    .createTable('upload_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    /** The speak resource the upload goes to. */
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_reservations_uid').on('upload_reservations').column('uid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_reservations').execute();
  await db.schema.dropIndex('account_audit_uid_at_id').execute();
  await db.schema.dropIndex('account_audit_at_id').execute();
}

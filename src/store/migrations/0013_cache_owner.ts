import type { Kysely } from 'kysely';

/**
 * Deleting an account deletes the cached answers its requests stored (they hold its texts spoken
 * in a voice, possibly its own): each cache row names the account whose request stored it.
 * Rows stored before this migration have no owner and stay until evicted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('synthesis_cache').addColumn('owner_uid', 'text').execute();
  await db.schema.createIndex('synthesis_cache_owner').on('synthesis_cache').column('owner_uid').execute();
  await db.schema.createIndex('webhook_deliveries_uid').on('webhook_deliveries').column('uid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_uid').execute();
  await db.schema.dropIndex('synthesis_cache_owner').execute();
  await db.schema.alterTable('synthesis_cache').dropColumn('owner_uid').execute();
}

import type { Kysely } from 'kysely';

/**
 * A webhook attempt in flight holds its delivery until `attempt_until` (ms): the queue may lose
 * the attempt's job (Redis emptied) while its POST is under way, and the reconciler then queues
 * the delivery again; the new job waits for the lease instead of posting a second time, so a
 * receiver gets each attempt once. Cleared when the attempt is recorded; a dead worker's lapses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').addColumn('attempt_until', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('webhook_deliveries').dropColumn('attempt_until').execute();
}

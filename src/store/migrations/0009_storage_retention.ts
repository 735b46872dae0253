import type { Kysely } from 'kysely';

/**
 * Storage bounded and cleaned (issue 11 item 3), and maintenance sweeps run once per cluster:
 * - `plans` gain the upload limits: open upload slots at once, bytes of uploads kept, new
 *   slots per hour (existing plans get the values of their tier, unknown ones the free tier's);
 * - `sweep_runs` records when each cluster-wide sweep last ran, so that of several nodes only
 *   the one whose conditional update wins runs it in a period;
 * - indexes the retention sweep reads by (finished or expiry times).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plans').addColumn('upload_slots_open', 'integer', (c) => c.notNull().defaultTo(5)).execute();
  await db.schema.alterTable('plans').addColumn('upload_bytes', 'bigint', (c) => c.notNull().defaultTo(50 * 1024 * 1024)).execute();
  await db.schema.alterTable('plans').addColumn('upload_slots_per_hour', 'integer', (c) => c.notNull().defaultTo(20)).execute();
  const tiers: Array<[string, number, number, number]> = [
    ['lite', 10, 250 * 1024 * 1024, 60],
    ['plus', 25, 1024 * 1024 * 1024, 120],
    ['custom', 100, 5 * 1024 * 1024 * 1024, 600],
  ];
  for (const [name, open, bytes, perHour] of tiers) {
    await db.updateTable('plans').set({ upload_slots_open: open, upload_bytes: bytes, upload_slots_per_hour: perHour }).where('name', '=', name).execute();
  }

  await db.schema
    .createTable('sweep_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    /** When (ms) a node last claimed the sweep. */
    .addColumn('last_run_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('speaks_finished_at').on('speaks').column('finished_at').execute();
  await db.schema.createIndex('speak_resources_expires_at').on('speak_resources').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('webhook_deliveries_finished_at').on('webhook_deliveries').column('finished_at').execute();
  await db.schema.createIndex('jobs_finished_at').on('jobs').column('finished_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_finished_at').execute();
  await db.schema.dropIndex('webhook_deliveries_finished_at').execute();
  await db.schema.dropIndex('speak_resources_expires_at').execute();
  await db.schema.dropIndex('speaks_finished_at').execute();
  await db.schema.dropTable('sweep_runs').execute();
  await db.schema.alterTable('plans').dropColumn('upload_slots_per_hour').execute();
  await db.schema.alterTable('plans').dropColumn('upload_bytes').execute();
  await db.schema.alterTable('plans').dropColumn('upload_slots_open').execute();
}

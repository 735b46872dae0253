import { sql, type Kysely } from 'kysely';

/**
 * Fair claiming in the database job queue (start-time fair queuing, see DatabaseJobQueue):
 * each job's group (an account) and its virtual start tag, and the queue's virtual clock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('group_key', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('fair_rank', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  // The claim's order among due jobs, and the enqueue's "last tag of this group".
  await db.schema.createIndex('jobs_fair').on('jobs').columns(['state', 'fair_rank', 'run_at']).execute();
  await db.schema.createIndex('jobs_group').on('jobs').columns(['group_key', 'state', 'fair_rank']).execute();
  await db.schema
    .createTable('job_queue_clock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('virtual_time', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into job_queue_clock (id, virtual_time) values (1, 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_queue_clock').execute();
  await db.schema.dropIndex('jobs_group').execute();
  await db.schema.dropIndex('jobs_fair').execute();
  await db.schema.alterTable('jobs').dropColumn('fair_rank').execute();
  await db.schema.alterTable('jobs').dropColumn('group_key').execute();
}

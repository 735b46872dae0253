import type { Kysely } from 'kysely';

/**
 * Credits renew per billing period. Each plan says how long its period is (`credit_period`, an
 * ISO 8601 duration of one unit; `P1M` for the seeded plans), periods run from the account's
 * start date, and `period_start` records which period an account's usage counters belong to:
 * when the clock has passed into a later period, the next read or debit starts it (counters to
 * zero) in one compare-and-set, so renewals need no timer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plans').addColumn('credit_period', 'text', (c) => c.notNull().defaultTo('P1M')).execute();
  await db.schema.alterTable('accounts').addColumn('period_start', 'bigint').execute();
  await db.updateTable('accounts').set((eb: any) => ({ period_start: eb.ref('created_at') })).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('period_start').execute();
  await db.schema.alterTable('plans').dropColumn('credit_period').execute();
}

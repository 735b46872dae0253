import type { Kysely } from 'kysely';

/**
 * Plans and accounts. Migrations are history: they use `Kysely<any>` and never import the
 * current schema types, which will move on.
 *
 * Seeded plans (our choice; the real service publishes only the concurrency limits 2, 5, 15;
 * operators change any value with the CLI):
 *
 * | plan   | concurrency | custom slots | professional slots | credits (chars) | clone | prosody-meta | speaks/min | clones at once | professional trainings |
 * |--------|-------------|--------------|--------------------|-----------------|-------|--------------|------------|----------------|------------------------|
 * | free   | 2           | 1            | 0                  | 10 000          | yes   | no           | 30         | 1              | 0                      |
 * | lite   | 5           | 3            | 0                  | 100 000         | yes   | yes          | 60         | 2              | 0                      |
 * | plus   | 15          | 10           | 1                  | 500 000         | yes   | yes          | 180        | 3              | 2                      |
 * | custom | 50          | 50           | 5                  | 10 000 000      | yes   | yes          | 600        | 5              | 10                     |
 *
 * Cloning is allowed on free because the official clients' walkthrough is "clone, then speak
 * with the new voice"; one slot is enough to try it. Prosody metadata is the one paid feature
 * on free, which also gives the 403 path of POST /api/speak/prosody-meta a default to meet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('concurrency_limit', 'integer', (c) => c.notNull())
    .addColumn('custom_voice_slot', 'integer', (c) => c.notNull())
    .addColumn('professional_voice_slot', 'integer', (c) => c.notNull())
    .addColumn('plan_credits', 'bigint', (c) => c.notNull())
    .addColumn('clone_allowed', 'integer', (c) => c.notNull())
    .addColumn('prosody_meta_allowed', 'integer', (c) => c.notNull())
    .addColumn('speak_rate_per_minute', 'integer', (c) => c.notNull())
    .addColumn('max_concurrent_clones', 'integer', (c) => c.notNull())
    .addColumn('professional_clone_generations', 'integer', (c) => c.notNull())
    .execute();

  const plan = (
    name: string,
    concurrency: number,
    slots: number,
    proSlots: number,
    credits: number,
    prosody: number,
    perMinute: number,
    clones: number,
    trainings: number,
  ) => ({
    name,
    concurrency_limit: concurrency,
    custom_voice_slot: slots,
    professional_voice_slot: proSlots,
    plan_credits: credits,
    clone_allowed: 1,
    prosody_meta_allowed: prosody,
    speak_rate_per_minute: perMinute,
    max_concurrent_clones: clones,
    professional_clone_generations: trainings,
  });
  await db
    .insertInto('plans')
    .values([
      plan('free', 2, 1, 0, 10_000, 0, 30, 1, 0),
      plan('lite', 5, 3, 0, 100_000, 1, 60, 2, 0),
      plan('plus', 15, 10, 1, 500_000, 1, 180, 3, 2),
      plan('custom', 50, 50, 5, 10_000_000, 1, 600, 5, 10),
    ])
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('fullname', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('plan', 'text', (c) => c.notNull().references('plans.name').onUpdate('cascade'))
    .addColumn('enable_api', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('api_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('api_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('api_token_encrypted', 'text', (c) => c.notNull())
    .addColumn('webhook_secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('callback_url', 'text')
    .addColumn('used_credits', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_professional_generations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_plan').on('accounts').column('plan').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('accounts').execute();
  await db.schema.dropTable('plans').execute();
}

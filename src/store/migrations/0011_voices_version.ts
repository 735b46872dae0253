import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `accounts.voices_version`: a counter the database itself bumps whenever one of the account's
 * custom voices is created, changes what listings show of it (status, name, model, language,
 * profile) or is deleted. Nodes cache an account's custom voices under the version they read with
 * the account at sign-in, so a change made by any process (another node, the CLI, a sweeper) is
 * seen by every node on its very next request. Triggers rather than application code, so no
 * write path can forget it, and the bump commits with the change that caused it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('voices_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function orator_bump_voices_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update accounts set voices_version = voices_version + 1 where uid = old.account_uid;
        end if;
        if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.account_uid is distinct from old.account_uid) then
          update accounts set voices_version = voices_version + 1 where uid = new.account_uid;
        end if;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger custom_voices_version_on_write
      after insert or delete or update of account_uid, name, model, language, status, profile on custom_voices
      for each row execute function orator_bump_voices_version()`.execute(db);
    return;
  }
  await sql`
    create trigger custom_voices_version_on_insert after insert on custom_voices
    begin update accounts set voices_version = voices_version + 1 where uid = new.account_uid; end`.execute(db);
  await sql`
    create trigger custom_voices_version_on_update after update of account_uid, name, model, language, status, profile on custom_voices
    begin update accounts set voices_version = voices_version + 1 where uid in (old.account_uid, new.account_uid); end`.execute(db);
  await sql`
    create trigger custom_voices_version_on_delete after delete on custom_voices
    begin update accounts set voices_version = voices_version + 1 where uid = old.account_uid; end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists custom_voices_version_on_write on custom_voices`.execute(db);
    await sql`drop function if exists orator_bump_voices_version()`.execute(db);
  } else {
    for (const name of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.id(`custom_voices_version_on_${name}`)}`.execute(db);
  }
  await db.schema.alterTable('accounts').dropColumn('voices_version').execute();
}

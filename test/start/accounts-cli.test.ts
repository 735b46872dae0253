import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { runCli } from './run-cli.js';

/** Where the CLI keeps its accounts: SQLite in DATA_DIR, and PostgreSQL (a fresh database) when TEST_DATABASE_URL is set. */
const targets: { name: string; env: (dir: string) => Promise<Record<string, string>>; cleanup?: () => Promise<void> }[] = [
  { name: 'sqlite', env: async (dir) => ({ DATA_DIR: path.join(dir, 'data') }) },
];
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const dbName = `orator_accounts_cli_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  targets.push({
    name: 'postgres',
    async env(dir) {
      await admin(`create database ${dbName}`);
      const url = new URL(adminUrl);
      url.pathname = `/${dbName}`;
      return { DATA_DIR: path.join(dir, 'data'), DATABASE_URL: url.toString(), ORATOR_SECRET_KEY: randomBytes(32).toString('base64') };
    },
    cleanup: () => admin(`drop database if exists ${dbName} with (force)`),
  });
}

for (const target of targets) {
  describe(`orator accounts over an account's life (${target.name})`, () => {
    let dir: string;
    let env: Record<string, string>;
    before(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'orator-accounts-cli-'));
      env = await target.env(dir);
    });
    after(async () => {
      await target.cleanup?.();
      await rm(dir, { recursive: true, force: true });
    });

    const json = async (args: string[]) => {
      const result = await runCli([...args, '--json'], env);
      assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
      return JSON.parse(result.stdout);
    };

    it('shows, changes the plan of, resets, disables and enables an account, and lists the audit', async () => {
      const { uid } = await json(['accounts', 'create', '--plan', 'free']);
      const shown = await json(['accounts', 'show', uid]);
      assert.equal(shown.account.uid, uid);
      assert.equal(shown.account.disabledAt, null);
      assert.deepEqual(shown.usage, { usedCredits: 0, planCredits: 10_000, remainingCredits: 10_000, usedProfessionalGenerations: 0, professionalGenerations: 0 });
      const text = await runCli(['accounts', 'show', uid], env);
      assert.match(text.stdout, /credits\s+0 used of 10000 \(10000 left\)/);
      // The period runs from the account's creation, a month by default.
      const created = new Date(shown.account.createdAt);
      assert.equal(shown.period.start, shown.account.createdAt);
      assert.equal(new Date(shown.period.nextRenewalAt).getUTCMonth(), (created.getUTCMonth() + 1) % 12);
      assert.match(text.stdout, new RegExp(`period\\s+P1M from ${created.toISOString()}, credits renew \\d{4}-\\d\\d-\\d\\dT`));

      assert.equal((await json(['accounts', 'set-plan', uid, 'plus'])).plan, 'plus');
      assert.equal((await json(['accounts', 'show', uid])).usage.planCredits, 500_000);
      assert.equal((await json(['accounts', 'reset-usage', uid])).usedCredits, 0);
      assert.equal(typeof (await json(['accounts', 'disable', uid])).disabledAt, 'number');
      assert.match((await runCli(['accounts', 'show', uid], env)).stdout, /DISABLED since/);
      assert.equal((await json(['accounts', 'enable', uid])).disabledAt, null);

      const audit = (await json(['accounts', 'audit', uid])).entries.reverse();
      assert.deepEqual(
        audit.map((e: { action: string; actor: string }) => [e.action, e.actor]),
        [
          ['create', 'cli'],
          ['set-plan', 'cli'],
          ['reset-usage', 'cli'],
          ['disable', 'cli'],
          ['enable', 'cli'],
        ],
      );
      assert.deepEqual(audit[1].details, { from: 'free', to: 'plus' });
      const all = await json(['accounts', 'audit']);
      assert.ok(all.entries.length >= 5);
      assert.equal(all.next_cursor, null);
      const lines = (await runCli(['accounts', 'audit', uid], env)).stdout.trim().split('\n').reverse();
      assert.equal(lines.length, 5);
      assert.match(lines[1], new RegExp(`^\\d{4}-\\d\\d-\\d\\dT.*Z  ${uid}  cli\\s+set-plan\\s+\\{"from":"free","to":"plus"\\}$`));
    });

    it('deletes an account with accounts delete, keeping its audit log', async () => {
      const created = await json(['accounts', 'create', '--plan', 'lite']);
      const deleted = await json(['accounts', 'delete', created.uid]);
      assert.deepEqual([deleted.uid, deleted.rows.accounts, deleted.rows.account_keys], [created.uid, 1, 1]);
      const shown = await runCli(['accounts', 'show', created.uid], env);
      assert.notEqual(shown.code, 0);
      assert.match(shown.stderr, new RegExp(`no account ${created.uid}`));
      const audit = (await json(['accounts', 'audit', created.uid])).entries;
      assert.deepEqual(audit.map((e: { action: string }) => e.action), ['delete', 'create']);
      const again = await runCli(['accounts', 'delete', created.uid], env);
      assert.notEqual(again.code, 0);
      assert.equal(again.stderr.trim().split('\n').length, 1, again.stderr);
    });

    it('adds, lists, rotates (with --grace) and revokes API keys', async () => {
      const created = await json(['accounts', 'create', '--plan', 'free']);
      const [first] = await json(['accounts', 'keys', 'list', created.uid]);
      const added = await json(['accounts', 'keys', 'add', created.uid]);
      assert.ok(added.api_key.length >= 43);
      const before = Date.now();
      const rotated = await json(['accounts', 'keys', 'rotate', created.uid, first.id, '--grace', '3600']);
      assert.ok(rotated.old_key_expires_at >= before + 3_600_000);
      await json(['accounts', 'keys', 'revoke', created.uid, added.key_id]);
      const keys = await json(['accounts', 'keys', 'list', created.uid]);
      assert.deepEqual(
        keys.map((k: { id: string; expiresAt: number | null; revokedAt: number | null }) => [k.id, k.expiresAt, k.revokedAt !== null]),
        [
          [first.id, rotated.old_key_expires_at, false],
          [added.key_id, null, true],
          [rotated.key_id, null, false],
        ].sort((a, b) => keys.findIndex((k: { id: string }) => k.id === a[0]) - keys.findIndex((k: { id: string }) => k.id === b[0])),
      );
      const noGrace = await runCli(['accounts', 'keys', 'rotate', created.uid, rotated.key_id], env);
      assert.equal(noGrace.code, 2);
      assert.match(noGrace.stderr, /needs --grace SECONDS/);
      const gone = await runCli(['accounts', 'keys', 'revoke', created.uid, added.key_id], env);
      assert.notEqual(gone.code, 0);
      assert.match(gone.stderr, /has no live key/);
      const audit = (await json(['accounts', 'audit', created.uid])).entries.reverse().map((e: { action: string }) => e.action);
      assert.deepEqual(audit, ['create', 'add-key', 'rotate-key', 'revoke-key']);
    });

    it('answers a wrong uid, plan or missing argument in one line with a non-zero exit', async () => {
      const { uid } = await json(['accounts', 'create', '--plan', 'free']);
      const noAccount = await runCli(['accounts', 'show', '0'.repeat(24)], env);
      assert.notEqual(noAccount.code, 0);
      assert.equal(noAccount.stderr.trim().split('\n').length, 1, noAccount.stderr);
      assert.match(noAccount.stderr, /no account 0{24}/);
      const noPlan = await runCli(['accounts', 'set-plan', uid, 'platinum'], env);
      assert.notEqual(noPlan.code, 0);
      assert.match(noPlan.stderr, /no plan named "platinum"/);
      const missing = await runCli(['accounts', 'set-plan', uid], env);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /needs the account uid and a plan name/);
      const missingUid = await runCli(['accounts', 'disable'], env);
      assert.equal(missingUid.code, 2);
      assert.match(missingUid.stderr, /usage: orator accounts/);
    });
  });
}

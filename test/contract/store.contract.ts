import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/clock.js';
import { LEGACY_SECRET_SETTING, type SecretKeyConfig } from '../../src/security/secret-key-source.js';
import { deriveServerKeys, loadServerKeys } from '../../src/security/server-keys.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { migrations } from '../../src/store/migrations/index.js';
import { ServerSettings } from '../../src/store/server-settings.js';
import type { Store } from '../../src/store/database.js';
import { AccountService } from '../../src/services/accounts/account-service.js';
import { PlanService } from '../../src/services/accounts/plan-service.js';
import { runInChild, type TestDatabase, type TestDatabaseTarget } from './test-databases.js';

const allMigrations = Object.keys(migrations).sort();

/** One key for the whole suite, as every node of a deployment is given the same ORATOR_SECRET_KEY. */
const secretKey = randomBytes(32).toString('base64url');

function keyConfig(database: TestDatabase, overrides: Partial<SecretKeyConfig> = {}): SecretKeyConfig {
  const databaseUrl = database.dialect === 'postgres' ? 'postgres://configured' : null;
  return { secretKey, secretKeyFile: null, previousSecretKeys: [], dataDir: database.options.dataDir, databaseUrl, ...overrides };
}

async function accountsOn(store: Store, clock = new ManualClock()) {
  return new AccountService(store.db, { encryptionKey: deriveServerKeys(Buffer.from(secretKey, 'base64url')).encryption, clock });
}

/** The database port's behaviour, the same on every dialect. */
export function storeContract(target: TestDatabaseTarget): void {
  describe(`store on ${target.dialect}`, () => {
    let database: TestDatabase;
    before(async () => {
      database = await target.create();
    });
    after(async () => {
      await database.dispose();
    });

    it('applies every migration once, then nothing, even when two nodes migrate at once', async () => {
      const fresh = await target.create();
      try {
        const runs = await Promise.all([0, 1, 2].map(() => runInChild<string[]>('migrate-child', fresh.options)));
        assert.deepEqual(runs.flat().sort(), allMigrations);
        const a = await fresh.openRaw();
        assert.deepEqual(await migrateToLatest(a), []);
        const plans = await a.db.selectFrom('plans').select(['name', 'concurrency_limit']).orderBy('concurrency_limit').execute();
        assert.deepEqual(plans, [
          { name: 'free', concurrency_limit: 2 },
          { name: 'lite', concurrency_limit: 5 },
          { name: 'plus', concurrency_limit: 15 },
          { name: 'custom', concurrency_limit: 50 },
        ]);
      } finally {
        await fresh.dispose();
      }
    });

    it('round-trips an account, its credentials and its secrets', async () => {
      const store = await database.open();
      const clock = new ManualClock(Date.UTC(2026, 2, 3, 4, 5, 6));
      const accounts = await accountsOn(store, clock);
      const created = await accounts.createAccount({ plan: 'lite', email: 'ada@example.org', name: 'Ada Lovelace' });
      const { account } = created;
      assert.match(account.uid, /^[0-9a-f]{24}$/);
      assert.equal(account.username, 'ada');
      assert.equal(account.fullname, 'Ada Lovelace');
      assert.equal(account.email, 'ada@example.org');
      assert.equal(account.plan, 'lite');
      assert.equal(account.enableApi, true);
      assert.equal(account.callbackUrl, null);
      assert.equal(account.usedCredits, 0);
      assert.equal(account.createdAt, clock.now());
      assert.equal(typeof account.createdAt, 'number');

      // Credentials: ≥ 32 bytes of entropy, distinct, stored only as digests and ciphertext.
      assert.ok(Buffer.from(created.apiKey, 'base64url').length >= 32);
      assert.ok(Buffer.from(created.apiToken, 'base64url').length >= 32);
      assert.notEqual(created.apiKey, created.apiToken);
      const row = await store.db.selectFrom('accounts').selectAll().where('uid', '=', account.uid).executeTakeFirstOrThrow();
      const stored = JSON.stringify(row);
      assert.ok(!stored.includes(created.apiKey) && !stored.includes(created.apiToken), 'a credential is stored in clear');

      assert.equal((await accounts.findByApiKey(created.apiKey))?.uid, account.uid);
      assert.equal((await accounts.findByApiToken(created.apiToken))?.uid, account.uid);
      assert.equal(await accounts.findByApiKey(created.apiToken), null, 'the token is not an API key');
      assert.equal(await accounts.findByApiToken(created.apiKey), null, 'the API key is not a token');
      assert.equal(await accounts.findByApiKey(created.apiKey.slice(0, -1)), null);
      assert.equal(await accounts.findByApiKey(''), null);
      assert.equal(await accounts.getApiToken(account.uid), created.apiToken);

      const secret = await accounts.getWebhookSecret(account.uid);
      assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.equal(Buffer.from(secret.slice(6), 'base64').length, 32);

      await accounts.setCallbackUrl(account.uid, 'https://hooks.example.org/tts');
      await accounts.setPlan(account.uid, 'plus');
      const again = await accounts.get(account.uid);
      assert.equal(again?.callbackUrl, 'https://hooks.example.org/tts');
      assert.equal(again?.plan, 'plus');
      const withPlan = await accounts.getWithPlan(account.uid);
      assert.equal(withPlan?.plan.name, 'plus');
      assert.equal(withPlan?.plan.concurrencyLimit, 15);
      assert.ok((await accounts.list()).some((a) => a.uid === account.uid));
    });

    it('keeps rows, keys and decryptable secrets across a restart', async () => {
      const first = await database.open();
      const created = await (await accountsOn(first)).createAccount({ plan: 'free' });
      const secret = await (await accountsOn(first)).getWebhookSecret(created.account.uid);
      await first.close();

      const second = await database.open();
      assert.deepEqual(await migrateToLatest(second), [], 'a restart applies no migration');
      const accounts = await accountsOn(second);
      assert.equal((await accounts.findByApiKey(created.apiKey))?.uid, created.account.uid);
      assert.equal(await accounts.getApiToken(created.account.uid), created.apiToken);
      assert.equal(await accounts.getWebhookSecret(created.account.uid), secret);
    });

    it('moves the secret key an earlier version kept in the database out of it', async () => {
      const store = await database.open();
      const settings = new ServerSettings(store.db, new ManualClock());
      const legacy = randomBytes(32).toString('base64url');
      await settings.set(LEGACY_SECRET_SETTING, legacy);
      await assert.rejects(loadServerKeys(keyConfig(database), settings), /earlier Orator version/, 'an unknown legacy key is refused');
      assert.equal(await settings.get(LEGACY_SECRET_SETTING), legacy, 'nothing deleted on refusal');
      const keys = await loadServerKeys(keyConfig(database, { previousSecretKeys: [legacy] }), settings);
      assert.deepEqual(keys.encryption[1], deriveServerKeys(Buffer.from(legacy, 'base64url')).encryption, 'the old key still decrypts');
      assert.equal(await settings.get(LEGACY_SECRET_SETTING), null, 'and is gone from the database');
    });

    it('never oversubscribes credits under 50 concurrent debits from two connections', async () => {
      const a = await database.open();
      const b = await database.open();
      const { account } = await (await accountsOn(a)).createAccount({ plan: 'free' });
      const plan = await new PlanService(a.db).require('free');
      const services = [await accountsOn(a), await accountsOn(b)];
      const debit = 300;
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => services[i % 2].debitCredits(account.uid, debit)));
      const granted = outcomes.filter(Boolean).length;
      const expected = Math.floor(plan.planCredits / debit);
      assert.ok(expected < 50, 'the test must ask for more than the plan holds');
      assert.equal(granted, expected);
      const used = (await services[0].require(account.uid)).usedCredits;
      assert.equal(used, granted * debit);
      assert.ok(used <= plan.planCredits);

      await services[1].refundCredits(account.uid, debit);
      assert.equal((await services[0].require(account.uid)).usedCredits, used - debit);
      await services[1].refundCredits(account.uid, 10 * plan.planCredits);
      assert.equal((await services[0].require(account.uid)).usedCredits, 0, 'a refund never goes below zero');
    });

    it('returns 64-bit integers as JavaScript numbers', async () => {
      const store = await database.open();
      const plans = new PlanService(store.db);
      await plans.create({
        name: 'huge',
        concurrencyLimit: 1,
        customVoiceSlot: 0,
        professionalVoiceSlot: 0,
        planCredits: 9_000_000_000_000,
        cloneAllowed: false,
        prosodyMetaAllowed: false,
        speakRatePerMinute: 1,
        maxConcurrentClones: 0,
        professionalCloneGenerations: 0,
      });
      const plan = await plans.require('huge');
      assert.equal(plan.planCredits, 9_000_000_000_000);
      assert.equal(typeof plan.planCredits, 'number');
    });
  });
}

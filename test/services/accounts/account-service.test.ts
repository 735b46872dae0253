import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { AccountService } from '../../../src/services/accounts/account-service.js';
import { AccountServiceError } from '../../../src/services/accounts/errors.js';
import { PlanService } from '../../../src/services/accounts/plan-service.js';
import type { Store } from '../../../src/store/database.js';
import { testDatabaseTargets, type TestDatabase } from '../../contract/test-databases.js';

const code = (c: AccountServiceError['code']) => (e: unknown) => e instanceof AccountServiceError && e.code === c;

for (const target of testDatabaseTargets()) {
  describe(`accounts and plans on ${target.dialect}`, () => {
    let database: TestDatabase;
    let store: Store;
    let accounts: AccountService;
    let plans: PlanService;
    const clock = new ManualClock();
    before(async () => {
      database = await target.create();
      store = await database.open();
      accounts = new AccountService(store.db, { encryptionKey: randomBytes(32), clock });
      plans = new PlanService(store.db);
    });
    after(async () => {
      await database.dispose();
    });

    it('seeds the four real tiers with increasing allowances', async () => {
      const list = await plans.list();
      assert.deepEqual(
        list.map((p) => [p.name, p.concurrencyLimit]),
        [
          ['free', 2],
          ['lite', 5],
          ['plus', 15],
          ['custom', 50],
        ],
      );
      for (let i = 1; i < list.length; i++) {
        for (const field of ['planCredits', 'customVoiceSlot', 'speakRatePerMinute', 'maxConcurrentClones'] as const) {
          assert.ok(list[i][field] >= list[i - 1][field], `${list[i].name}.${field} is below ${list[i - 1].name}'s`);
        }
      }
      const free = await plans.require('free');
      assert.equal(free.cloneAllowed, true);
      assert.equal(free.prosodyMetaAllowed, false);
      assert.equal(free.professionalVoiceSlot, 0);
    });

    it('defaults to the free plan and derives a username', async () => {
      const { account } = await accounts.createAccount();
      assert.equal(account.plan, 'free');
      assert.equal(account.username, `user-${account.uid.slice(0, 8)}`);
      assert.equal(account.fullname, '');
      assert.equal(account.email, null);
      await assert.rejects(accounts.createAccount({ plan: 'platinum' }), code('plan_not_found'));
    });

    it('rotating a credential retires the old one at once', async () => {
      const { account, apiKey, apiToken } = await accounts.createAccount({ plan: 'plus' });
      const newKey = await accounts.rotateApiKey(account.uid);
      assert.equal(await accounts.findByApiKey(apiKey), null);
      assert.equal((await accounts.findByApiKey(newKey))?.uid, account.uid);
      const newToken = await accounts.rotateApiToken(account.uid);
      assert.equal(await accounts.findByApiToken(apiToken), null);
      assert.equal((await accounts.findByApiToken(newToken))?.uid, account.uid);
      assert.equal(await accounts.getApiToken(account.uid), newToken);

      const secret = await accounts.getWebhookSecret(account.uid);
      const rotated = await accounts.rotateWebhookSecret(account.uid);
      assert.notEqual(rotated, secret);
      assert.equal(await accounts.getWebhookSecret(account.uid), rotated);
      await assert.rejects(accounts.rotateApiKey('0'.repeat(24)), code('account_not_found'));
    });

    it('switches API access and validates callback URLs', async () => {
      const { account, apiToken } = await accounts.createAccount();
      await accounts.setEnableApi(account.uid, false);
      assert.equal((await accounts.findByApiToken(apiToken))?.enableApi, false);
      await assert.rejects(accounts.setCallbackUrl(account.uid, 'ftp://example.org/x'), code('invalid_value'));
      await assert.rejects(accounts.setCallbackUrl(account.uid, 'not a url'), code('invalid_value'));
      assert.equal((await accounts.setCallbackUrl(account.uid, 'http://example.org/hook')).callbackUrl, 'http://example.org/hook');
      assert.equal((await accounts.setCallbackUrl(account.uid, null)).callbackUrl, null);
    });

    it('debits against the current plan allowance, which operators may change', async () => {
      await plans.create({
        name: 'tiny',
        concurrencyLimit: 1,
        customVoiceSlot: 0,
        professionalVoiceSlot: 0,
        planCredits: 100,
        cloneAllowed: false,
        prosodyMetaAllowed: false,
        speakRatePerMinute: 1,
        maxConcurrentClones: 0,
        professionalCloneGenerations: 1,
      });
      await assert.rejects(plans.create({ ...(await plans.require('tiny')) }), code('plan_exists'));
      const { account } = await accounts.createAccount({ plan: 'tiny' });
      assert.equal(await accounts.debitCredits(account.uid, 60), true);
      assert.equal(await accounts.debitCredits(account.uid, 41), false);
      assert.equal(await accounts.debitCredits(account.uid, 40), true);
      assert.equal((await accounts.require(account.uid)).usedCredits, 100);
      assert.equal(await accounts.debitCredits(account.uid, 1), false);

      await plans.update('tiny', { planCredits: 150 });
      assert.equal(await accounts.debitCredits(account.uid, 50), true, 'a raised allowance was not used');
      await accounts.setPlan(account.uid, 'free');
      assert.equal(await accounts.debitCredits(account.uid, 9_850), true);
      assert.equal(await accounts.debitCredits(account.uid, 1), false);
      await accounts.resetUsage(account.uid);
      assert.equal((await accounts.require(account.uid)).usedCredits, 0);

      await assert.rejects(accounts.debitCredits(account.uid, 0), code('invalid_value'));
      await assert.rejects(accounts.debitCredits(account.uid, 1.5), code('invalid_value'));
      await assert.rejects(accounts.debitCredits('f'.repeat(24), 1), code('account_not_found'));
      await assert.rejects(plans.update('tiny', { planCredits: -1 }), code('invalid_value'));
      await assert.rejects(plans.update('nope', { planCredits: 1 }), code('plan_not_found'));
    });

    it('counts professional clone trainings against the plan', async () => {
      const { account } = await accounts.createAccount({ plan: 'plus' });
      const allowed = (await plans.require('plus')).professionalCloneGenerations;
      const results = await Promise.all(Array.from({ length: allowed + 3 }, () => accounts.useProfessionalGeneration(account.uid)));
      assert.equal(results.filter(Boolean).length, allowed);
      await accounts.refundProfessionalGeneration(account.uid);
      const withPlan = await accounts.getWithPlan(account.uid);
      assert.equal(withPlan?.account.usedProfessionalGenerations, allowed - 1);
      assert.equal(withPlan?.plan.professionalCloneGenerations, allowed);
    });
  });
}

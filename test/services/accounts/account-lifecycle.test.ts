import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { testDatabaseTargets } from '../../contract/test-databases.js';
import { accountServiceSuite, code } from './account-service-fixture.js';

for (const target of testDatabaseTargets()) {
  describe(`account lifecycle on ${target.dialect}`, () => {
    const clock = new ManualClock(Date.UTC(2026, 5, 1));
    const suite = accountServiceSuite(target, clock);

    it('shows an account with its plan and usage, changes its plan and resets its usage, auditing each change', async () => {
      const { account } = await suite.accounts.createAccount({ plan: 'free' });
      assert.ok(await suite.accounts.debitCredits(account.uid, 1234));
      const shown = await suite.accounts.overview(account.uid);
      assert.equal(shown.plan.name, 'free');
      assert.deepEqual(shown.usage, { usedCredits: 1234, planCredits: 10_000, remainingCredits: 8766, usedProfessionalGenerations: 0, professionalGenerations: 0 });
      clock.advance(1000);
      assert.equal((await suite.accounts.setPlan(account.uid, 'plus', 'admin-api')).plan, 'plus');
      clock.advance(1000);
      assert.equal((await suite.accounts.resetUsage(account.uid)).usedCredits, 0);
      await assert.rejects(suite.accounts.setPlan(account.uid, 'platinum'), code('plan_not_found'));
      await assert.rejects(suite.accounts.overview('0'.repeat(24)), code('account_not_found'));
      const log = await suite.accounts.auditLog(account.uid);
      assert.deepEqual(
        log.map((e) => [e.action, e.actor, e.at - Date.UTC(2026, 5, 1), e.details]),
        [
          ['create', 'cli', 0, { plan: 'free', email: null }],
          ['set-plan', 'admin-api', 1000, { from: 'free', to: 'plus' }],
          ['reset-usage', 'cli', 2000, { used_credits: 1234, used_professional_generations: 0 }],
        ],
      );
    });

    it('disables and enables an account without losing anything; credentials of a disabled account say so', async () => {
      const created = await suite.accounts.createAccount({ plan: 'lite' });
      const uid = created.account.uid;
      await suite.accounts.debitCredits(uid, 10);
      clock.set(Date.UTC(2026, 6, 1));
      const disabled = await suite.accounts.disable(uid);
      assert.equal(disabled.disabledAt, Date.UTC(2026, 6, 1));
      assert.equal(disabled.usedCredits, 10);
      assert.equal(disabled.plan, 'lite');
      assert.equal((await suite.accounts.findByApiKey(created.apiKey))?.disabledAt, Date.UTC(2026, 6, 1));
      clock.advance(5000);
      // Disabling again keeps the first date and writes nothing.
      assert.equal((await suite.accounts.disable(uid)).disabledAt, Date.UTC(2026, 6, 1));
      assert.equal((await suite.accounts.enable(uid)).disabledAt, null);
      assert.equal((await suite.accounts.enable(uid)).disabledAt, null);
      assert.deepEqual(
        (await suite.accounts.auditLog(uid)).map((e) => e.action),
        ['create', 'disable', 'enable'],
      );
      await assert.rejects(suite.accounts.disable('0'.repeat(24)), code('account_not_found'));
    });
  });
}

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { AccountService } from '../../../src/services/accounts/account-service.js';
import { AccountServiceError } from '../../../src/services/accounts/errors.js';
import type { Store } from '../../../src/store/database.js';
import { testDatabaseTargets, type TestDatabase } from '../../contract/test-databases.js';

const code = (c: AccountServiceError['code']) => (e: unknown) => e instanceof AccountServiceError && e.code === c;

for (const target of testDatabaseTargets()) {
  describe(`account lifecycle on ${target.dialect}`, () => {
    let database: TestDatabase;
    let store: Store;
    let accounts: AccountService;
    const clock = new ManualClock(Date.UTC(2026, 5, 1));
    before(async () => {
      database = await target.create();
      store = await database.open();
      accounts = new AccountService(store.db, { encryptionKey: randomBytes(32), clock });
    });
    after(() => database.dispose());

    it('shows an account with its plan and usage, changes its plan and resets its usage, auditing each change', async () => {
      const { account } = await accounts.createAccount({ plan: 'free' });
      assert.ok(await accounts.debitCredits(account.uid, 1234));
      const shown = await accounts.overview(account.uid);
      assert.equal(shown.plan.name, 'free');
      assert.deepEqual(shown.usage, { usedCredits: 1234, planCredits: 10_000, remainingCredits: 8766, usedProfessionalGenerations: 0, professionalGenerations: 0 });
      clock.advance(1000);
      assert.equal((await accounts.setPlan(account.uid, 'plus', 'admin-api')).plan, 'plus');
      clock.advance(1000);
      assert.equal((await accounts.resetUsage(account.uid)).usedCredits, 0);
      await assert.rejects(accounts.setPlan(account.uid, 'platinum'), code('plan_not_found'));
      await assert.rejects(accounts.overview('0'.repeat(24)), code('account_not_found'));
      const log = await accounts.auditLog(account.uid);
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
      const created = await accounts.createAccount({ plan: 'lite' });
      const uid = created.account.uid;
      await accounts.debitCredits(uid, 10);
      clock.set(Date.UTC(2026, 6, 1));
      const disabled = await accounts.disable(uid);
      assert.equal(disabled.disabledAt, Date.UTC(2026, 6, 1));
      assert.equal(disabled.usedCredits, 10);
      assert.equal(disabled.plan, 'lite');
      assert.equal((await accounts.findByApiKey(created.apiKey))?.disabledAt, Date.UTC(2026, 6, 1));
      clock.advance(5000);
      // Disabling again keeps the first date and writes nothing.
      assert.equal((await accounts.disable(uid)).disabledAt, Date.UTC(2026, 6, 1));
      assert.equal((await accounts.enable(uid)).disabledAt, null);
      assert.equal((await accounts.enable(uid)).disabledAt, null);
      assert.deepEqual(
        (await accounts.auditLog(uid)).map((e) => e.action),
        ['create', 'disable', 'enable'],
      );
      await assert.rejects(accounts.disable('0'.repeat(24)), code('account_not_found'));
    });
  });
}

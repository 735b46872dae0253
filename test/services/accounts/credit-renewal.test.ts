import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { AccountService } from '../../../src/services/accounts/account-service.js';
import { boundary, parseCreditPeriod, periodAt } from '../../../src/services/accounts/credit-period.js';
import { PlanService } from '../../../src/services/accounts/plan-service.js';
import type { Store } from '../../../src/store/database.js';
import { testDatabaseTargets, type TestDatabase } from '../../contract/test-databases.js';
import { accountServiceSuite, code } from './account-service-fixture.js';

const iso = (ms: number) => new Date(ms).toISOString();

describe('credit periods (calendar arithmetic)', () => {
  it('renews monthly on the start day, on the last day of shorter months, never drifting', () => {
    const monthly = parseCreditPeriod('P1M');
    const anchor = Date.UTC(2026, 0, 31, 10, 30);
    assert.deepEqual([1, 2, 3, 4, 13].map((k) => iso(boundary(anchor, monthly, k))), [
      '2026-02-28T10:30:00.000Z',
      '2026-03-31T10:30:00.000Z',
      '2026-04-30T10:30:00.000Z',
      '2026-05-31T10:30:00.000Z',
      '2027-02-28T10:30:00.000Z',
    ]);
    const p = periodAt(anchor, monthly, Date.UTC(2026, 2, 31, 10, 29, 59, 999));
    assert.deepEqual([iso(p.start), iso(p.end)], ['2026-02-28T10:30:00.000Z', '2026-03-31T10:30:00.000Z']);
    const q = periodAt(anchor, monthly, Date.UTC(2026, 2, 31, 10, 30));
    assert.deepEqual([iso(q.start), iso(q.end)], ['2026-03-31T10:30:00.000Z', '2026-04-30T10:30:00.000Z']);
  });

  it('handles years from a leap day, weeks and days, and refuses what is not a one-unit ISO duration', () => {
    const leap = Date.UTC(2028, 1, 29);
    assert.equal(iso(boundary(leap, parseCreditPeriod('P1Y'), 1)), '2029-02-28T00:00:00.000Z');
    assert.equal(iso(boundary(leap, parseCreditPeriod('P1Y'), 4)), '2032-02-29T00:00:00.000Z');
    const weekly = periodAt(Date.UTC(2026, 0, 1), parseCreditPeriod('P1W'), Date.UTC(2026, 0, 20));
    assert.deepEqual([iso(weekly.start), iso(weekly.end)], ['2026-01-15T00:00:00.000Z', '2026-01-22T00:00:00.000Z']);
    assert.equal(iso(periodAt(Date.UTC(2026, 0, 1), parseCreditPeriod('P30D'), Date.UTC(2026, 2, 5)).start), '2026-03-02T00:00:00.000Z');
    for (const bad of ['P0M', 'P1M2D', '1M', 'PT1H', 'monthly', '']) assert.throws(() => parseCreditPeriod(bad), code('invalid_value'), bad);
  });
});

for (const target of testDatabaseTargets()) {
  describe(`credits renewing per billing period on ${target.dialect}`, () => {
    const start = Date.UTC(2026, 0, 31, 12);
    const clock = new ManualClock(start);
    const suite = accountServiceSuite(target, clock);

    it('renews lazily and exactly at the boundary, once, from the start date; audits it', async () => {
      clock.set(start);
      const { account } = await suite.accounts.createAccount({ plan: 'free' });
      assert.ok(await suite.accounts.debitCredits(account.uid, 9000));
      clock.set(Date.UTC(2026, 1, 28, 12) - 1);
      assert.equal(await suite.accounts.debitCredits(account.uid, 2000), false, 'the last millisecond still belongs to the first period');
      const before = await suite.accounts.overview(account.uid);
      assert.equal(before.usage.usedCredits, 9000);
      assert.deepEqual([iso(before.period.start), iso(before.period.nextRenewalAt), before.period.length], ['2026-01-31T12:00:00.000Z', '2026-02-28T12:00:00.000Z', 'P1M']);
      clock.advance(1);
      assert.ok(await suite.accounts.debitCredits(account.uid, 2000), 'at the boundary the credits are whole again');
      const after = await suite.accounts.overview(account.uid);
      assert.deepEqual([after.usage.usedCredits, iso(after.period.start), iso(after.period.nextRenewalAt)], [2000, '2026-02-28T12:00:00.000Z', '2026-03-31T12:00:00.000Z']);
      // Three months without a read: one renewal, straight to the period the clock is in.
      clock.set(Date.UTC(2026, 5, 1));
      const later = await suite.accounts.getWithPlan(account.uid);
      assert.equal(later?.account.usedCredits, 0);
      assert.equal(iso(later!.account.periodStart), '2026-05-31T12:00:00.000Z');
      const renewals = (await suite.accounts.auditLog(account.uid)).filter((e) => e.action === 'renew');
      assert.deepEqual(
        renewals.map((e) => [e.actor, iso(e.at), e.details]),
        [
          ['system', '2026-02-28T12:00:00.000Z', { period_start: '2026-02-28T12:00:00.000Z', used_credits: 9000, used_professional_generations: 0 }],
          ['system', '2026-06-01T00:00:00.000Z', { period_start: '2026-05-31T12:00:00.000Z', used_credits: 2000, used_professional_generations: 0 }],
        ],
      );
    });

    it('renews professional trainings with the credits, and follows a plan whose period is weekly', async () => {
      clock.set(Date.UTC(2026, 6, 1));
      await new PlanService(suite.store.db).create({
        name: `weekly-${randomBytes(2).toString('hex')}`,
        concurrencyLimit: 1,
        customVoiceSlot: 1,
        professionalVoiceSlot: 1,
        planCredits: 100,
        cloneAllowed: true,
        prosodyMetaAllowed: true,
        speakRatePerMinute: 10,
        maxConcurrentClones: 1,
        professionalCloneGenerations: 1,
        creditPeriod: 'P1W',
      }).then(async (plan) => {
        const { account } = await suite.accounts.createAccount({ plan: plan.name });
        assert.ok(await suite.accounts.useProfessionalGeneration(account.uid));
        assert.equal(await suite.accounts.useProfessionalGeneration(account.uid), false);
        assert.ok(await suite.accounts.debitCredits(account.uid, 100));
        clock.advance(7 * 86_400_000);
        assert.ok(await suite.accounts.useProfessionalGeneration(account.uid));
        const shown = await suite.accounts.overview(account.uid);
        assert.deepEqual([shown.usage.usedCredits, shown.usage.usedProfessionalGenerations, shown.period.length, iso(shown.period.nextRenewalAt)], [0, 1, 'P1W', '2026-07-15T00:00:00.000Z']);
      });
      await assert.rejects(new PlanService(suite.store.db).update('free', { creditPeriod: 'monthly' }), code('invalid_value'));
    });
  });

  describe(`two processes debiting at the renewal boundary on ${target.dialect}`, () => {
    const clock = new ManualClock(Date.UTC(2026, 2, 10));
    let database: TestDatabase;
    let stores: Store[];
    let services: AccountService[];
    before(async () => {
      database = await target.create();
      stores = [await database.open(), await database.open()];
      const key = randomBytes(32);
      services = stores.map((s) => new AccountService(s.db, { encryptionKey: key, clock }));
    });
    after(() => database.dispose());

    for (const [each, expectedWins, expectedUsed] of [
      [6000, 1, 6000],
      [5000, 2, 10_000],
    ] as const) {
      it(`two debits of ${each} of a 10 000 plan, each through its own pool, right at the boundary: ${expectedWins} succeed, one renewal`, async () => {
        clock.set(Date.UTC(2026, 2, 10));
        const { account } = await services[0].createAccount({ plan: 'free' });
        assert.ok(await services[0].debitCredits(account.uid, 10_000));
        clock.set(Date.UTC(2026, 3, 10));
        const results = await Promise.all(services.map((s) => s.debitCredits(account.uid, each)));
        assert.equal(results.filter(Boolean).length, expectedWins, JSON.stringify(results));
        const shown = await services[1].overview(account.uid);
        assert.equal(shown.usage.usedCredits, expectedUsed);
        assert.equal(iso(shown.period.start), '2026-04-10T00:00:00.000Z');
        assert.equal((await services[0].auditLog(account.uid)).filter((e) => e.action === 'renew').length, 1);
      });
    }
  });
}

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { PlanRepository } from '../../../src/repositories/index.js';
import { AccountService } from '../../../src/services/accounts/account-service.js';
import type { Store } from '../../../src/store/database.js';
import { testDatabaseTargets, type TestDatabase } from '../../contract/test-databases.js';

/**
 * The sign-in by API key is kept in memory on SQLite until anything is written to the database
 * (repositories/read-until-write.ts). These prove that whatever changes what a sign-in says is seen
 * by the very next sign-in, whether this process wrote it or another connection (another process,
 * another node) did; on PostgreSQL nothing is kept, and the same must hold.
 */
for (const target of testDatabaseTargets()) {
  describe(`sign-in by API key, kept until a write, on ${target.dialect}`, () => {
    const clock = new ManualClock(Date.UTC(2026, 5, 1));
    const encryptionKey = randomBytes(32);
    let database: TestDatabase;
    let store: Store;
    let other: Store;
    /** The process that serves requests. */
    let accounts: AccountService;
    /** Another process on the same database (an operator's CLI, another node): its own connection. */
    let elsewhere: AccountService;

    before(async () => {
      database = await target.create();
      store = await database.open();
      other = await database.open();
      accounts = new AccountService(store.db, { encryptionKey, clock });
      elsewhere = new AccountService(other.db, { encryptionKey, clock });
    });
    after(() => database.dispose());

    it('hands out the sign-in it read while nothing is written (SQLite), and reads each time on PostgreSQL', async () => {
      const { apiKey } = await accounts.createAccount({ plan: 'free' });
      const first = await accounts.signInWithApiKey(apiKey);
      const second = await accounts.signInWithApiKey(apiKey);
      assert.ok(first && second);
      assert.deepEqual(second, first);
      if (target.dialect === 'sqlite') assert.equal(second.account, first.account, 'the same account object: kept, not read again');
      else assert.notEqual(second.account, first.account, 'PostgreSQL: read again');
      assert.ok(Object.isFrozen(second.account) && Object.isFrozen(second.plan), 'shared between requests, so frozen');
    });

    for (const [writer, name] of [
      [() => accounts, 'this process'],
      [() => elsewhere, 'another connection'],
    ] as const) {
      it(`sees a key revoked by ${name} at once`, async () => {
        const created = await accounts.createAccount({ plan: 'free' });
        const added = await accounts.addKey(created.account.uid);
        assert.ok(await accounts.signInWithApiKey(added.apiKey));
        assert.ok(await accounts.signInWithApiKey(added.apiKey));
        await writer().revokeKey(created.account.uid, added.id);
        assert.equal(await accounts.signInWithApiKey(added.apiKey), null);
        assert.ok(await accounts.signInWithApiKey(created.apiKey), 'the other key still works');
      });

      it(`sees an account disabled and enabled again by ${name} at once`, async () => {
        const { account, apiKey } = await accounts.createAccount({ plan: 'free' });
        assert.equal((await accounts.signInWithApiKey(apiKey))?.account.disabledAt, null);
        await writer().disable(account.uid);
        assert.notEqual((await accounts.signInWithApiKey(apiKey))?.account.disabledAt, null);
        await writer().enable(account.uid);
        assert.equal((await accounts.signInWithApiKey(apiKey))?.account.disabledAt, null);
      });

      it(`sees a plan changed, its limits edited and credits used by ${name} at once`, async () => {
        const { account, apiKey } = await accounts.createAccount({ plan: 'free' });
        assert.equal((await accounts.signInWithApiKey(apiKey))?.plan.name, 'free');
        await writer().setPlan(account.uid, 'custom');
        const custom = await accounts.signInWithApiKey(apiKey);
        assert.equal(custom?.plan.name, 'custom');
        await new PlanRepository((writer() === accounts ? store : other).db).update('custom', { concurrencyLimit: custom!.plan.concurrencyLimit + 1 });
        assert.equal((await accounts.signInWithApiKey(apiKey))?.plan.concurrencyLimit, custom!.plan.concurrencyLimit + 1);
        assert.ok(await writer().debitCredits(account.uid, 7));
        assert.equal((await accounts.signInWithApiKey(apiKey))?.account.usedCredits, 7);
      });
    }

    /**
     * keptSignInWithApiKey is the synchronous path of the current interface's sign-in: what
     * signInWithApiKey last gave for the key, only while nothing was written since (SQLite), never
     * on PostgreSQL. After any write it must answer undefined, so the caller reads.
     */
    const signInTwice = async (apiKey: string) => {
      const read = await accounts.signInWithApiKey(apiKey);
      const kept = accounts.keptSignInWithApiKey(apiKey);
      if (target.dialect === 'sqlite' && read !== null) assert.equal(kept, read, 'kept: the very object signInWithApiKey gave');
      else assert.equal(kept, undefined, 'nothing kept');
      return read;
    };

    /** What keptSignInWithApiKey must give for a sign-in that nothing has changed since: it on SQLite, nothing on PostgreSQL. */
    const keptOn = <T>(signedIn: T) => (target.dialect === 'sqlite' ? signedIn : undefined);

    it('keeps nothing for a key before it was read, nor for a key that signs nothing in', async () => {
      const { apiKey } = await accounts.createAccount({ plan: 'free' });
      assert.equal(accounts.keptSignInWithApiKey(apiKey), undefined);
      assert.ok(await signInTwice(apiKey));
      assert.equal(await signInTwice('not-a-key'), null);
      assert.equal(accounts.keptSignInWithApiKey(''), undefined);
    });

    for (const [writer, name] of [
      [() => accounts, 'this process'],
      [() => elsewhere, 'another connection'],
    ] as const) {
      it(`keeps no sign-in past credits used, a plan changed, a disable or a revoke by ${name}`, async () => {
        const created = await accounts.createAccount({ plan: 'free' });
        const uid = created.account.uid;
        const added = await accounts.addKey(uid);
        assert.equal((await signInTwice(added.apiKey))?.account.usedCredits, 0);
        assert.ok(await writer().debitCredits(uid, 5));
        assert.equal(accounts.keptSignInWithApiKey(added.apiKey), undefined, 'credits used');
        assert.equal((await signInTwice(added.apiKey))?.account.usedCredits, 5);
        await writer().setPlan(uid, 'custom');
        assert.equal(accounts.keptSignInWithApiKey(added.apiKey), undefined, 'plan changed');
        assert.equal((await signInTwice(added.apiKey))?.plan.name, 'custom');
        await writer().disable(uid);
        assert.equal(accounts.keptSignInWithApiKey(added.apiKey), undefined, 'disabled');
        assert.notEqual((await signInTwice(added.apiKey))?.account.disabledAt, null);
        await writer().revokeKey(uid, added.id);
        assert.equal(accounts.keptSignInWithApiKey(added.apiKey), undefined, 'revoked');
        assert.equal(await signInTwice(added.apiKey), null);
        assert.equal(accounts.keptSignInWithApiKey(added.apiKey), undefined);
      });
    }

    it('keeps no sign-in past the expiry of its key, nor past the end of its billing period', async () => {
      const created = await accounts.createAccount({ plan: 'free' });
      const [first] = await accounts.listKeys(created.account.uid);
      const rotated = await accounts.rotateKey(created.account.uid, first.id, 10);
      const valid = await signInTwice(created.apiKey);
      assert.ok(valid);
      clock.advance(9_999);
      assert.equal(accounts.keptSignInWithApiKey(created.apiKey), keptOn(valid), 'still valid: kept');
      clock.advance(1);
      assert.equal(accounts.keptSignInWithApiKey(created.apiKey), undefined, 'expired');
      assert.equal(await signInTwice(created.apiKey), null);

      assert.ok(await accounts.debitCredits(created.account.uid, 3));
      const before = await signInTwice(rotated.apiKey);
      assert.equal(before?.account.usedCredits, 3);
      const period = accounts.periodOf(before!.account, before!.plan);
      clock.set(period.nextRenewalAt - 1);
      assert.equal(accounts.keptSignInWithApiKey(rotated.apiKey), keptOn(before), 'still in the period: kept');
      clock.set(period.nextRenewalAt);
      assert.equal(accounts.keptSignInWithApiKey(rotated.apiKey), undefined, 'a renewal is due: read (and renew) instead');
      // The renewal is a write: what it read is not kept, the next read is.
      assert.equal((await accounts.signInWithApiKey(rotated.apiKey))?.account.usedCredits, 0);
      assert.equal(accounts.keptSignInWithApiKey(rotated.apiKey), undefined);
      assert.equal((await signInTwice(rotated.apiKey))?.account.usedCredits, 0);
    });

    it('refuses a rotated-out key once its grace period ends on the clock, with nothing written meanwhile', async () => {
      const created = await accounts.createAccount({ plan: 'free' });
      const [first] = await accounts.listKeys(created.account.uid);
      await accounts.rotateKey(created.account.uid, first.id, 10);
      assert.ok(await accounts.signInWithApiKey(created.apiKey));
      clock.advance(9_999);
      assert.ok(await accounts.signInWithApiKey(created.apiKey), 'kept while valid');
      clock.advance(1);
      assert.equal(await accounts.signInWithApiKey(created.apiKey), null);
    });
  });
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { testDatabaseTargets } from '../../contract/test-databases.js';
import { accountServiceSuite, code } from './account-service-fixture.js';

for (const target of testDatabaseTargets()) {
  describe(`API keys over their life on ${target.dialect}`, () => {
    const clock = new ManualClock(Date.UTC(2026, 5, 1));
    const suite = accountServiceSuite(target, clock);

    it('adds a second key, rotates one with a grace period on the clock, and revokes one at once', async () => {
      const created = await suite.accounts.createAccount({ plan: 'free' });
      const uid = created.account.uid;
      const [first] = await suite.accounts.listKeys(uid);
      assert.equal((await suite.accounts.findByApiKey(created.apiKey))?.uid, uid);

      clock.advance(1000);
      const second = await suite.accounts.addKey(uid);
      assert.equal((await suite.accounts.findByApiKey(second.apiKey))?.uid, uid);
      assert.equal((await suite.accounts.findByApiKey(created.apiKey))?.uid, uid, 'adding a key keeps the first');

      clock.advance(1000);
      const rotated = await suite.accounts.rotateKey(uid, first.id, 60);
      assert.equal(rotated.oldKeyExpiresAt, clock.now() + 60_000);
      assert.equal((await suite.accounts.findByApiKey(rotated.apiKey))?.uid, uid);
      clock.advance(59_999);
      assert.equal((await suite.accounts.findByApiKey(created.apiKey))?.uid, uid, 'valid during the grace period');
      clock.advance(1);
      assert.equal(await suite.accounts.findByApiKey(created.apiKey), null, 'refused once the grace period ends');
      assert.equal((await suite.accounts.findByApiKey(rotated.apiKey))?.uid, uid);

      await suite.accounts.revokeKey(uid, second.id);
      assert.equal(await suite.accounts.findByApiKey(second.apiKey), null, 'a revoked key is refused at once');
      await assert.rejects(suite.accounts.revokeKey(uid, second.id), code('key_not_found'));
      await assert.rejects(suite.accounts.rotateKey(uid, 'nope', 10), code('key_not_found'));
      await assert.rejects(suite.accounts.rotateKey(uid, rotated.id, -1), code('invalid_value'));

      const keys = await suite.accounts.listKeys(uid);
      assert.deepEqual(
        keys.map((k) => [k.id, k.expiresAt !== null, k.revokedAt !== null]),
        [
          [first.id, true, false],
          [second.id, false, true],
          [rotated.id, false, false],
        ],
      );
      assert.deepEqual(
        (await suite.accounts.auditLog(uid)).map((e) => e.action),
        ['create', 'add-key', 'rotate-key', 'revoke-key'],
      );
    });

    it('keeps an account written without key rows working with its one key, and rotateApiKey refuses every older key', async () => {
      const created = await suite.accounts.createAccount();
      const uid = created.account.uid;
      // As if the account predates account_keys and no migration copied it.
      await suite.store.db.deleteFrom('account_keys').where('uid', '=', uid).execute();
      assert.equal((await suite.accounts.findByApiKey(created.apiKey))?.uid, uid);
      const extra = await suite.accounts.addKey(uid);
      const fresh = await suite.accounts.rotateApiKey(uid);
      assert.equal(await suite.accounts.findByApiKey(extra.apiKey), null);
      assert.equal(await suite.accounts.findByApiKey(created.apiKey), null);
      assert.equal((await suite.accounts.findByApiKey(fresh))?.uid, uid);
    });
  });
}

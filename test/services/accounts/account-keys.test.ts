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
  describe(`API keys over their life on ${target.dialect}`, () => {
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

    it('adds a second key, rotates one with a grace period on the clock, and revokes one at once', async () => {
      const created = await accounts.createAccount({ plan: 'free' });
      const uid = created.account.uid;
      const [first] = await accounts.listKeys(uid);
      assert.equal((await accounts.findByApiKey(created.apiKey))?.uid, uid);

      clock.advance(1000);
      const second = await accounts.addKey(uid);
      assert.equal((await accounts.findByApiKey(second.apiKey))?.uid, uid);
      assert.equal((await accounts.findByApiKey(created.apiKey))?.uid, uid, 'adding a key keeps the first');

      clock.advance(1000);
      const rotated = await accounts.rotateKey(uid, first.id, 60);
      assert.equal(rotated.oldKeyExpiresAt, clock.now() + 60_000);
      assert.equal((await accounts.findByApiKey(rotated.apiKey))?.uid, uid);
      clock.advance(59_999);
      assert.equal((await accounts.findByApiKey(created.apiKey))?.uid, uid, 'valid during the grace period');
      clock.advance(1);
      assert.equal(await accounts.findByApiKey(created.apiKey), null, 'refused once the grace period ends');
      assert.equal((await accounts.findByApiKey(rotated.apiKey))?.uid, uid);

      await accounts.revokeKey(uid, second.id);
      assert.equal(await accounts.findByApiKey(second.apiKey), null, 'a revoked key is refused at once');
      await assert.rejects(accounts.revokeKey(uid, second.id), code('key_not_found'));
      await assert.rejects(accounts.rotateKey(uid, 'nope', 10), code('key_not_found'));
      await assert.rejects(accounts.rotateKey(uid, rotated.id, -1), code('invalid_value'));

      const keys = await accounts.listKeys(uid);
      assert.deepEqual(
        keys.map((k) => [k.id, k.expiresAt !== null, k.revokedAt !== null]),
        [
          [first.id, true, false],
          [second.id, false, true],
          [rotated.id, false, false],
        ],
      );
      assert.deepEqual(
        (await accounts.auditLog(uid)).map((e) => e.action),
        ['create', 'add-key', 'rotate-key', 'revoke-key'],
      );
    });

    it('keeps an account written without key rows working with its one key, and rotateApiKey refuses every older key', async () => {
      const created = await accounts.createAccount();
      const uid = created.account.uid;
      // As if the account predates account_keys and no migration copied it.
      await store.db.deleteFrom('account_keys').where('uid', '=', uid).execute();
      assert.equal((await accounts.findByApiKey(created.apiKey))?.uid, uid);
      const extra = await accounts.addKey(uid);
      const fresh = await accounts.rotateApiKey(uid);
      assert.equal(await accounts.findByApiKey(extra.apiKey), null);
      assert.equal(await accounts.findByApiKey(created.apiKey), null);
      assert.equal((await accounts.findByApiKey(fresh))?.uid, uid);
    });
  });
}

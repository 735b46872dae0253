import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { DeliveryRepository } from '../../../src/repositories/delivery-repository.js';
import { callbackUrlSeal } from '../../../src/security/callback-url-seal.js';
import { AccountService } from '../../../src/services/accounts/account-service.js';
import type { Store } from '../../../src/store/database.js';
import { testDatabaseTargets, type TestDatabase } from '../../contract/test-databases.js';

/**
 * Key rotation's last step: after `reencryptSecrets` (and the deliveries' reseal) every stored
 * secret opens with the new key alone, so the old one can be dropped; before it, the new key
 * alone cannot open them (the test would pass for the wrong reason otherwise).
 */
for (const target of testDatabaseTargets()) {
  describe(`re-encrypting stored secrets after a key rotation, on ${target.dialect}`, () => {
    let database: TestDatabase;
    let store: Store;
    const clock = new ManualClock();
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const hook = 'https://hook-user:hook-pass-5e1f@hooks.example.org/tts?token=tok-77aa';
    before(async () => {
      database = await target.create();
      store = await database.open();
    });
    after(async () => {
      await database.dispose();
    });

    it('rewrites tokens, webhook secrets, callback URLs and delivery URLs so the new key alone opens them', async () => {
      const before = new AccountService(store.db, { encryptionKey: oldKey, clock });
      const { account, apiToken } = await before.createAccount({ plan: 'plus' });
      const webhookSecret = await before.getWebhookSecret(account.uid);
      await before.setCallbackUrl(account.uid, hook);
      const speakId = `spk_${randomBytes(8).toString('hex')}`;
      await new DeliveryRepository(store.db, callbackUrlSeal(oldKey)).createFor(speakId, account.uid, hook, clock.now());

      const stored = await store.db.selectFrom('accounts').select(['callback_url']).where('uid', '=', account.uid).executeTakeFirstOrThrow();
      assert.ok(!stored.callback_url!.includes('hook-pass-5e1f') && !stored.callback_url!.includes('tok-77aa'), 'the callback URL is kept sealed');

      const newOnly = new AccountService(store.db, { encryptionKey: [newKey], clock });
      await assert.rejects(newOnly.getApiToken(account.uid));
      assert.equal((await newOnly.get(account.uid))?.callbackUrl, null, 'a URL sealed with a dropped key reads as none');

      const rotating = new AccountService(store.db, { encryptionKey: [newKey, oldKey], clock });
      assert.equal((await rotating.get(account.uid))?.callbackUrl, hook, 'the old key still opens during the rotation');
      const { accounts } = await rotating.reencryptSecrets();
      assert.ok(accounts >= 1);
      const resealed = await new DeliveryRepository(store.db, callbackUrlSeal([newKey, oldKey])).resealUrls();
      assert.ok(resealed >= 1);

      assert.equal(await newOnly.getApiToken(account.uid), apiToken);
      assert.equal(await newOnly.getWebhookSecret(account.uid), webhookSecret);
      assert.equal((await newOnly.get(account.uid))?.callbackUrl, hook);
      assert.equal((await new DeliveryRepository(store.db, callbackUrlSeal(newKey)).forSpeak(speakId))?.url, hook);
      const audit = await newOnly.auditLog(account.uid);
      assert.ok(audit.some((entry) => entry.action === 're-encrypt-secrets' && entry.actor === 'cli'));
    });
  });
}

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/clock.js';
import { StartupError } from '../../src/config/startup-error.js';
import { openRepositories } from '../../src/repositories/index.js';
import { adoptCurrentKey, KEY_FINGERPRINT_SETTING, keyFingerprint } from '../../src/security/key-fingerprint.js';
import { DEFAULT_KEY_FILE, type SecretKeyConfig } from '../../src/security/secret-key-source.js';
import { loadServerKeys } from '../../src/security/server-keys.js';
import { AccountService } from '../../src/services/accounts/account-service.js';
import type { Store } from '../../src/store/database.js';
import { ServerSettings } from '../../src/store/server-settings.js';
import { testDatabaseTargets, type TestDatabase } from '../contract/test-databases.js';

const newKey = () => randomBytes(32).toString('base64');

for (const target of testDatabaseTargets()) {
  describe(`the secret key's fingerprint in the database, on ${target.dialect}`, () => {
    let database: TestDatabase;
    let store: Store;
    let settings: ServerSettings;
    const clock = new ManualClock();
    const config = (overrides: Partial<SecretKeyConfig>): SecretKeyConfig => ({
      secretKey: null,
      secretKeyFile: null,
      previousSecretKeys: [],
      dataDir: database.options.dataDir,
      databaseUrl: target.dialect === 'postgres' ? 'postgres://configured' : null,
      ...overrides,
    });
    const accountsWith = async (keyConfig: SecretKeyConfig) => {
      const keys = await loadServerKeys(keyConfig, settings);
      const repositories = openRepositories(store.db);
      return { keys, accounts: new AccountService(repositories.accounts, { encryptionKey: keys.encryption, clock, audit: repositories.audit, keys: repositories.keys }) };
    };

    before(async () => {
      database = await target.create();
      store = await database.open();
      settings = new ServerSettings(store.db, clock);
    });
    after(() => database.dispose());

    it('the first node records its key\'s fingerprint (never the key); the same key is accepted, another refused in one line', async () => {
      const key = newKey();
      await loadServerKeys(config({ secretKey: key }), settings);
      const recorded = await settings.get(KEY_FINGERPRINT_SETTING);
      assert.equal(recorded, keyFingerprint(Buffer.from(key, 'base64')));
      assert.match(recorded!, /^[0-9a-f]{16}$/);
      const rows = JSON.stringify(await store.db.selectFrom('server_settings').selectAll().execute());
      for (const form of ['base64', 'base64url', 'hex'] as const) assert.ok(!rows.includes(Buffer.from(key, 'base64').toString(form)), `no ${form} of the key in server_settings`);

      await loadServerKeys(config({ secretKey: key }), settings);
      const other = newKey();
      await assert.rejects(loadServerKeys(config({ secretKey: other }), settings), (error: unknown) => {
        assert.ok(error instanceof StartupError);
        assert.ok(!error.message.includes('\n'));
        assert.match(error.message, new RegExp(`^ORATOR_SECRET_KEY does not match the key this database was set up with \\(fingerprint ${recorded}, this node's ${keyFingerprint(Buffer.from(other, 'base64'))}\\); every node needs the same key.*docs/security\\.md#rotation`));
        assert.ok(!error.message.includes(other) && !error.message.includes(key), 'no key in the message');
        return true;
      });
      assert.equal(await settings.get(KEY_FINGERPRINT_SETTING), recorded, 'a refused node changes nothing');
      await settings.delete(KEY_FINGERPRINT_SETTING);
    });

    it('rotation: new key with the old one as previous is accepted; re-encrypting moves the record; then the old key alone is refused', async () => {
      const oldKey = newKey();
      const rotatedKey = newKey();
      const before = await accountsWith(config({ secretKey: oldKey }));
      const { account } = await before.accounts.createAccount({ plan: 'free' });
      const secret = await before.accounts.getWebhookSecret(account.uid);

      // The new key alone (the old one forgotten in ORATOR_PREVIOUS_SECRET_KEYS) would not open what the old one sealed: refused.
      await assert.rejects(loadServerKeys(config({ secretKey: rotatedKey }), settings), /does not match the key this database was set up with/);
      const rotating = await accountsWith(config({ secretKey: rotatedKey, previousSecretKeys: [oldKey] }));
      assert.equal(await rotating.accounts.getWebhookSecret(account.uid), secret);
      // Until re-encrypted, a node still on the old key alone is one of the deployment's.
      await loadServerKeys(config({ secretKey: oldKey }), settings);

      await rotating.accounts.reencryptSecrets('cli');
      await adoptCurrentKey(settings, rotating.keys.fingerprint);
      assert.equal(await settings.get(KEY_FINGERPRINT_SETTING), keyFingerprint(Buffer.from(rotatedKey, 'base64')));
      await assert.rejects(loadServerKeys(config({ secretKey: oldKey }), settings), /does not match/);
      const after = await accountsWith(config({ secretKey: rotatedKey }));
      assert.equal(await after.accounts.getWebhookSecret(account.uid), secret, 'the old key dropped, the secret still opens');
      await settings.delete(KEY_FINGERPRINT_SETTING);
    });

    if (target.dialect === 'sqlite') {
      it('embedded: the key file made on first start is recorded; a lost key file is refused, not silently replaced', async () => {
        const file = path.join(database.options.dataDir, DEFAULT_KEY_FILE);
        fs.rmSync(file, { force: true });
        await loadServerKeys(config({}), settings);
        await loadServerKeys(config({}), settings);
        fs.rmSync(file);
        await assert.rejects(loadServerKeys(config({}), settings), new RegExp(`^StartupError: the key file ${file.replace(/[.]/g, '\\.')} does not match the key this database was set up with`));
        await settings.delete(KEY_FINGERPRINT_SETTING);
      });
    } else {
      it('two nodes with different keys starting at once on an empty record: exactly one is accepted', async () => {
        const [a, b] = [newKey(), newKey()];
        const second = new ServerSettings((await database.open()).db, clock);
        const outcomes = await Promise.allSettled([loadServerKeys(config({ secretKey: a }), settings), loadServerKeys(config({ secretKey: b }), second)]);
        assert.deepEqual(outcomes.map((o) => o.status).sort(), ['fulfilled', 'rejected']);
        const winner = outcomes[0].status === 'fulfilled' ? a : b;
        assert.equal(await settings.get(KEY_FINGERPRINT_SETTING), keyFingerprint(Buffer.from(winner, 'base64')));
        await settings.delete(KEY_FINGERPRINT_SETTING);
      });
    }
  });
}

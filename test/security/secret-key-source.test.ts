import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/clock.js';
import { decrypt, encrypt } from '../../src/security/encryption.js';
import { DEFAULT_KEY_FILE, LEGACY_SECRET_SETTING, loadSecretKeys, type SecretKeyConfig } from '../../src/security/secret-key-source.js';
import { adoptCurrentKey } from '../../src/security/key-fingerprint.js';
import { deriveServerKeys, loadServerKeys } from '../../src/security/server-keys.js';
import { UrlSigner } from '../../src/security/url-signer.js';
import { openDatabase, type Store } from '../../src/store/database.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { ServerSettings } from '../../src/store/server-settings.js';

describe('the secret key lives outside the database', () => {
  let dataDir: string;
  let store: Store;
  let settings: ServerSettings;
  const config = (overrides: Partial<SecretKeyConfig> = {}): SecretKeyConfig => ({
    secretKey: null,
    secretKeyFile: null,
    previousSecretKeys: [],
    dataDir,
    databaseUrl: null,
    ...overrides,
  });

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orator-keys-'));
    store = await openDatabase({ dataDir });
    await migrateToLatest(store);
    settings = new ServerSettings(store.db, new ManualClock());
  });
  after(async () => {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('embedded: makes DATA_DIR/secret.key with mode 0600 on first start and reads it afterwards', async () => {
    const first = await loadSecretKeys(config(), settings);
    const file = path.join(dataDir, DEFAULT_KEY_FILE);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.equal(first.current.length, 32);
    assert.deepEqual((await loadSecretKeys(config(), settings)).current, first.current);
    assert.equal(await settings.get(LEGACY_SECRET_SETTING), null);
    fs.chmodSync(file, 0o644);
    await assert.rejects(loadSecretKeys(config(), settings), /can be read by other users \(mode 644\): chmod 600/);
    fs.rmSync(file);
  });

  it('moves the key an earlier version kept in server_settings into the new key file', async () => {
    const legacy = randomBytes(32);
    await settings.set(LEGACY_SECRET_SETTING, legacy.toString('base64url'));
    const keys = await loadSecretKeys(config(), settings);
    assert.deepEqual(keys.current, legacy, 'links and tokens made before the upgrade stay valid');
    assert.equal(await settings.get(LEGACY_SECRET_SETTING), null);
    assert.equal(fs.readFileSync(path.join(dataDir, DEFAULT_KEY_FILE), 'utf8').trim(), legacy.toString('base64url'));
  });

  it('takes ORATOR_SECRET_KEY in base64 or hex, refuses short or malformed keys in one sentence', async () => {
    const key = randomBytes(32);
    for (const encoded of [key.toString('base64'), key.toString('base64url'), key.toString('hex')]) {
      assert.deepEqual((await loadSecretKeys(config({ secretKey: encoded }), settings)).current, key, encoded);
    }
    for (const bad of ['short', randomBytes(16).toString('base64'), `${key.toString('base64')}!`]) {
      await assert.rejects(loadSecretKeys(config({ secretKey: bad }), settings), /ORATOR_SECRET_KEY must be at least 32 random bytes/);
    }
  });

  it('a scaled setup (DATABASE_URL) must be given the key', async () => {
    await assert.rejects(loadSecretKeys(config({ databaseUrl: 'postgres://db/orator' }), settings), /ORATOR_SECRET_KEY .* is required with DATABASE_URL/);
    const file = path.join(dataDir, 'mounted.key');
    await assert.rejects(loadSecretKeys(config({ databaseUrl: 'postgres://db/orator', secretKeyFile: file }), settings), /does not exist/);
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
    assert.equal((await loadSecretKeys(config({ databaseUrl: 'postgres://db/orator', secretKeyFile: file }), settings)).current.length, 32);
  });

  it('rotation: the new key signs and encrypts, the previous one still verifies and decrypts', async () => {
    const clock = new ManualClock();
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const before = await loadServerKeys(config({ secretKey: oldKey }), settings);
    const token = encrypt(before.encryption, 'the api token', 'api_token:u1');
    const link = new UrlSigner(before.urlSigning, clock).sign('/files/speak/x.wav', 3600);

    const rotated = await loadServerKeys(config({ secretKey: newKey, previousSecretKeys: [oldKey] }), settings);
    assert.equal(decrypt(rotated.encryption, token, 'api_token:u1'), 'the api token');
    const signer = new UrlSigner(rotated.urlSigning, clock);
    assert.equal(signer.verify('/files/speak/x.wav', link.expires, link.signature), true);
    const fresh = encrypt(rotated.encryption, 'new secret', 'ctx');
    assert.equal(decrypt(deriveServerKeys(Buffer.from(newKey, 'base64')).encryption, fresh, 'ctx'), 'new secret', 'encrypted with the new key');
    assert.notEqual(signer.sign('/p', 60).signature, new UrlSigner(before.urlSigning, clock).sign('/p', 60).signature);

    // `orator secrets re-encrypt` ends by recording the new key as the database's; only then may the old one go.
    await adoptCurrentKey(settings, rotated.fingerprint);
    const retired = await loadServerKeys(config({ secretKey: newKey }), settings);
    assert.throws(() => decrypt(retired.encryption, token, 'api_token:u1'), /failed authentication/);
    assert.equal(new UrlSigner(retired.urlSigning, clock).verify('/files/speak/x.wav', link.expires, link.signature), false);
  });
});

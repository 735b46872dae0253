import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { decrypt, DecryptionError, encrypt } from '../../src/security/encryption.js';

describe('AES-256-GCM secrets', () => {
  const key = randomBytes(32);

  it('round-trips text, with a fresh IV each time', () => {
    const secret = 'tok_ünïcødé 🔑 ' + randomBytes(40).toString('base64url');
    const a = encrypt(key, secret, 'api_token:abc');
    const b = encrypt(key, secret, 'api_token:abc');
    assert.notEqual(a, b);
    assert.ok(!a.includes(secret));
    assert.equal(decrypt(key, a, 'api_token:abc'), secret);
    assert.equal(decrypt(key, b, 'api_token:abc'), secret);
    assert.equal(decrypt(key, encrypt(key, ''), ''), '');
  });

  it('refuses another key, another context, and any changed byte', () => {
    const sealed = encrypt(key, 'the secret', 'webhook_secret:u1');
    assert.throws(() => decrypt(randomBytes(32), sealed, 'webhook_secret:u1'), DecryptionError);
    assert.throws(() => decrypt(key, sealed, 'webhook_secret:u2'), DecryptionError);
    const parts = sealed.split('.');
    for (let part = 1; part < 4; part++) {
      const bytes = Buffer.from(parts[part], 'base64url');
      for (const index of [0, bytes.length - 1]) {
        const changed = Buffer.from(bytes);
        changed[index] ^= 0x01;
        const forged = [...parts];
        forged[part] = changed.toString('base64url');
        assert.throws(() => decrypt(key, forged.join('.'), 'webhook_secret:u1'), DecryptionError, `part ${part} byte ${index}`);
      }
    }
    assert.throws(() => decrypt(key, 'garbage', ''), DecryptionError);
    assert.throws(() => decrypt(key, sealed.replace(/^v1/, 'v9'), 'webhook_secret:u1'), DecryptionError);
    assert.throws(() => encrypt(randomBytes(16), 'x'), RangeError);
  });
});

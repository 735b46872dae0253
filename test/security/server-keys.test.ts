import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { deriveServerKeys } from '../../src/security/server-keys.js';

it('derives the same distinct purpose keys from the same secret, and others from another', () => {
  const secret = randomBytes(32);
  const a = deriveServerKeys(secret);
  const b = deriveServerKeys(Buffer.from(secret));
  assert.deepEqual(a, b);
  assert.equal(a.encryption.length, 32);
  assert.equal(a.urlSigning.length, 32);
  assert.notDeepEqual(a.encryption, a.urlSigning);
  assert.notDeepEqual(a.encryption, secret);
  const c = deriveServerKeys(randomBytes(32));
  assert.notDeepEqual(a.encryption, c.encryption);
});

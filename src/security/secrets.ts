import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh random secret: `bytes` of entropy (default 32 = 256 bits), base64url, no prefix. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * The stored form of an API key or token: hex SHA-256.
 *
 * A fast hash is enough here, unlike for passwords: our keys are 256-bit random values, so there
 * is no dictionary to try and brute force over 2^256 inputs is out of reach however fast the hash
 * is. A slow hash (scrypt, argon2) would only add CPU cost on every authenticated request, and it
 * would stop us from looking an account up by the digest with an index.
 */
export function hashSecret(secret: string): string {
  // The one-shot form: every signed-in request hashes its key, and createHash's object costs twice the hashing.
  return hash('sha256', secret, 'hex');
}

const hexDigest = /^[0-9a-f]{64}$/;

/**
 * Constant-time string equality. Both sides are hashed first so that the comparison always runs
 * over two equal-length digests: `timingSafeEqual` throws on unequal lengths, and branching on the
 * length would tell an attacker how long the expected value is.
 */
export function safeEqual(a: string, b: string): boolean {
  // Two digests as hashSecret writes them (the common case: a stored digest against the one just
  // computed) are equal-length already, and every digest has that length, so nothing is told.
  if (a.length === 64 && b.length === 64 && hexDigest.test(a) && hexDigest.test(b)) return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}

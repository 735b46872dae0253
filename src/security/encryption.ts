import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets we must show again later (the earlier interface's api_token, webhook
 * secrets). Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The version prefix lets
 * a later key or algorithm coexist with rows written by this one.
 *
 * `context` is bound as additional authenticated data: pass what the value belongs to (e.g.
 * `api_token:<uid>`) so a ciphertext copied into another row or column fails to decrypt.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export class DecryptionError extends Error {}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new RangeError(`AES-256-GCM needs a 32-byte key, got ${key.length}`);
}

/** A key, or a ring of keys newest first: the first encrypts, any of them decrypts. */
export type EncryptionKeys = Buffer | readonly Buffer[];

export function encrypt(keys: EncryptionKeys, plaintext: string, context = ''): string {
  const key = Buffer.isBuffer(keys) ? keys : keys[0];
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
}

export function decrypt(keys: EncryptionKeys, sealed: string, context = ''): string {
  const ring = Buffer.isBuffer(keys) ? [keys] : keys;
  ring.forEach(checkKey);
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError('not an encrypted value of a known version');
  const [, iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== 16) throw new DecryptionError('malformed encrypted value');
  // GCM authenticates: only the key that sealed the value opens it, so trying each key is safe.
  for (const key of ring) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      // A wrong key, wrong context and tampering look the same; try the next key.
    }
  }
  throw new DecryptionError('encrypted value failed authentication');
}

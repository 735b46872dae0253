import { hkdfSync } from 'node:crypto';
import type { ServerSettings } from '../store/server-settings.js';
import { newSecret } from './secrets.js';

/** Keys derived from the one server secret, each for one purpose only. */
export interface ServerKeys {
  /** HMAC key of expiring links (UrlSigner). */
  urlSigning: Buffer;
  /** AES-256-GCM key of recoverable secrets (api_token, webhook secrets). */
  encryption: Buffer;
}

export const SERVER_SECRET_SETTING = 'server_secret';

/** Derives purpose-bound keys so that no key is ever used for both signing and encrypting. */
export function deriveServerKeys(secret: Buffer): ServerKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `orator ${purpose} v1`, 32));
  return { urlSigning: derive('url-signing'), encryption: derive('secret-encryption') };
}

/**
 * The deployment's keys. The secret is 32 random bytes created by whichever node starts first
 * and kept in `server_settings`, so every node of a scaled deployment shares it and restarts
 * keep links and encrypted tokens valid. Whoever can read the database can read it: protect
 * the database (and its backups) like the keys it holds.
 */
export async function loadServerKeys(settings: ServerSettings): Promise<ServerKeys> {
  const encoded = await settings.getOrCreate(SERVER_SECRET_SETTING, () => newSecret(32));
  const secret = Buffer.from(encoded, 'base64url');
  if (secret.length < 32) throw new Error('the stored server secret is shorter than 32 bytes');
  return deriveServerKeys(secret);
}

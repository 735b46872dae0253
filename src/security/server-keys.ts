import { hkdfSync } from 'node:crypto';
import type { ServerSettings } from '../store/server-settings.js';
import { checkKeyFingerprint, keyFingerprint } from './key-fingerprint.js';
import { loadSecretKeys, type SecretKeyConfig } from './secret-key-source.js';

/** Keys derived from one secret key, each for one purpose only. */
export interface PurposeKeys {
  /** HMAC key of expiring links (UrlSigner). */
  urlSigning: Buffer;
  /** AES-256-GCM key of recoverable secrets (api_token, webhook secrets). */
  encryption: Buffer;
}

/**
 * The deployment's keys, newest first: the first of each list signs and encrypts, all of them
 * verify and decrypt, so a rotated-out key keeps old links and stored secrets readable.
 */
export interface ServerKeys {
  urlSigning: Buffer[];
  encryption: Buffer[];
  /** The current key's fingerprint (key-fingerprint.ts): what `secrets re-encrypt` records once it is done. */
  fingerprint: string;
}

/** Derives purpose-bound keys so that no key is ever used for both signing and encrypting. */
export function deriveServerKeys(secret: Buffer): PurposeKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `orator ${purpose} v1`, 32));
  return { urlSigning: derive('url-signing'), encryption: derive('secret-encryption') };
}

/**
 * The keys of the configured secret key and of the previous ones (see loadSecretKeys), once the
 * database agrees they are this deployment's keys (checkKeyFingerprint: a node with another key
 * is refused rather than answering 500 and 401 on what the other nodes sealed and signed).
 */
export async function loadServerKeys(config: SecretKeyConfig, settings: ServerSettings): Promise<ServerKeys> {
  const { current, previous, origin } = await loadSecretKeys(config, settings);
  await checkKeyFingerprint(settings, current, previous, origin);
  const all = [current, ...previous].map(deriveServerKeys);
  return { urlSigning: all.map((k) => k.urlSigning), encryption: all.map((k) => k.encryption), fingerprint: keyFingerprint(current) };
}

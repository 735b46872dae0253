import { createHmac } from 'node:crypto';
import { StartupError } from '../config/startup-error.js';
import type { ServerSettings } from '../store/server-settings.js';

/** The `server_settings` row that names the key this database's secrets are sealed under. */
export const KEY_FINGERPRINT_SETTING = 'secret_key_fingerprint';

/**
 * A short public name of a secret key: HMAC-SHA-256 of a fixed label under the key, first 16 hex
 * digits (64 bits). It tells two keys apart without telling anything of the key (inverting an
 * HMAC of a 256-bit key is out of reach), so it may sit in the database, logs and doctor output.
 */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('orator secret key fingerprint v1', 'utf8').digest('hex').slice(0, 16);
}

/** Where the configured key came from, for the refusal's wording. */
export type KeyOrigin = { variable: 'ORATOR_SECRET_KEY' } | { variable: 'ORATOR_SECRET_KEY_FILE'; file: string } | { variable: 'key file'; file: string };

function originName(origin: KeyOrigin): string {
  return origin.variable === 'ORATOR_SECRET_KEY' ? 'ORATOR_SECRET_KEY' : origin.variable === 'ORATOR_SECRET_KEY_FILE' ? `ORATOR_SECRET_KEY_FILE (${origin.file})` : `the key file ${origin.file}`;
}

/**
 * Checks the node's keys against the fingerprint the database records, recording the current
 * key's when there is none yet (the first node, or a database from before fingerprints: exactly
 * one of several nodes starting at once wins, and the others are checked against its key).
 *
 * Accepted when the recorded fingerprint is the current key's or one of the previous keys'
 * (a rotation under way: `orator secrets re-encrypt` then moves the record to the current key,
 * see adoptCurrentKey). Anything else would answer 500 and 401 on what other nodes sealed and
 * signed, so the start stops with one line.
 */
export async function checkKeyFingerprint(settings: ServerSettings, current: Buffer, previous: readonly Buffer[], origin: KeyOrigin): Promise<void> {
  const mine = keyFingerprint(current);
  const recorded = await settings.getOrCreate(KEY_FINGERPRINT_SETTING, () => mine);
  if (recorded === mine || previous.some((key) => keyFingerprint(key) === recorded)) return;
  throw new StartupError(
    `${originName(origin)} does not match the key this database was set up with (fingerprint ${recorded}, this node's ${mine}); ` +
      'every node needs the same key, and a rotation keeps the old one in ORATOR_PREVIOUS_SECRET_KEYS — see docs/security.md#rotation',
  );
}

/**
 * Records the current key as the one the database's secrets are sealed under: the last step of
 * `orator secrets re-encrypt`, once every secret has been rewritten with it. From then on a node
 * without this key (as current or previous) is refused.
 */
export async function adoptCurrentKey(settings: ServerSettings, fingerprint: string): Promise<void> {
  await settings.set(KEY_FINGERPRINT_SETTING, fingerprint);
}

/** The recorded fingerprint, or null before any node started. */
export function recordedKeyFingerprint(settings: ServerSettings): Promise<string | null> {
  return settings.get(KEY_FINGERPRINT_SETTING);
}

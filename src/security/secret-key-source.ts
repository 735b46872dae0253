import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/config.js';
import type { ServerSettings } from '../store/server-settings.js';
import type { KeyOrigin } from './key-fingerprint.js';
import { newSecret } from './secrets.js';

/** Where the deployment's secret key comes from; see Config for each variable. */
export interface SecretKeyConfig {
  secretKey: string | null;
  secretKeyFile: string | null;
  previousSecretKeys: readonly string[];
  dataDir: string;
  databaseUrl: string | null;
}

/** The key in use and the keys it replaced, which still decrypt and verify until their rows and links are gone. */
export interface SecretKeys {
  current: Buffer;
  previous: Buffer[];
  /** Where `current` came from (for messages that name the setting to fix). */
  origin: KeyOrigin;
}

/** Key of versions before 0.2, kept in the database beside what it protects; moved out on first start. */
export const LEGACY_SECRET_SETTING = 'server_secret';
export const DEFAULT_KEY_FILE = 'secret.key';

/**
 * The server's secret key, which never lives in the database: ORATOR_SECRET_KEY, else the file
 * ORATOR_SECRET_KEY_FILE, else (embedded setup only) `DATA_DIR/secret.key`, made with mode 0600
 * on first start. A scaled setup (PostgreSQL) must be given the key, since every node needs the
 * same one. A key that an earlier version kept in `server_settings` is moved out: into the new
 * key file when there is none yet, else it must be the configured key or one of the previous
 * keys; then its row is deleted.
 */
export async function loadSecretKeys(config: SecretKeyConfig, settings: ServerSettings): Promise<SecretKeys> {
  const previous = config.previousSecretKeys.map((value, i) => decodeKey(value, `ORATOR_PREVIOUS_SECRET_KEYS (entry ${i + 1})`));
  const legacyValue = await settings.get(LEGACY_SECRET_SETTING);
  const legacy = legacyValue === null ? null : Buffer.from(legacyValue, 'base64url');
  const current = config.secretKey ? decodeKey(config.secretKey, 'ORATOR_SECRET_KEY') : readKeyFile(config, legacyValue);
  if (legacy) {
    if (![current, ...previous].some((key) => key.equals(legacy))) {
      throw new ConfigError(
        'the database still holds the secret key of an earlier Orator version, and it is not the configured key: ' +
          'add the value of server_settings.server_secret to ORATOR_PREVIOUS_SECRET_KEYS so that existing tokens and links keep working',
      );
    }
    await settings.delete(LEGACY_SECRET_SETTING);
  }
  const origin: KeyOrigin = config.secretKey
    ? { variable: 'ORATOR_SECRET_KEY' }
    : config.secretKeyFile
      ? { variable: 'ORATOR_SECRET_KEY_FILE', file: config.secretKeyFile }
      : { variable: 'key file', file: path.join(config.dataDir, DEFAULT_KEY_FILE) };
  return { current, previous, origin };
}

function readKeyFile(config: SecretKeyConfig, legacyValue: string | null): Buffer {
  if (!config.secretKeyFile && config.databaseUrl) {
    throw new ConfigError(
      'ORATOR_SECRET_KEY (or ORATOR_SECRET_KEY_FILE) is required with DATABASE_URL: every node must share one secret key, ' +
        'kept outside the database (make one with: openssl rand -base64 32)' +
        (legacyValue ? '; this database holds the key of an earlier version: use the value of server_settings.server_secret' : ''),
    );
  }
  const file = config.secretKeyFile ?? path.join(config.dataDir, DEFAULT_KEY_FILE);
  if (!config.secretKeyFile) createKeyFileOnce(file, legacyValue ?? newSecret(32));
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new ConfigError(`ORATOR_SECRET_KEY_FILE ${file} does not exist`);
  }
  if ((stat.mode & 0o077) !== 0) {
    throw new ConfigError(`the secret key file ${file} can be read by other users (mode ${(stat.mode & 0o777).toString(8)}): chmod 600 it`);
  }
  return decodeKey(fs.readFileSync(file, 'utf8').trim(), `the secret key file ${file}`);
}

/** Exclusive create: two processes starting on one DATA_DIR agree on whichever file landed first. */
function createKeyFileOnce(file: string, value: string): void {
  try {
    fs.writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** A key as base64 (standard or URL-safe) or hex, of at least 256 bits. */
export function decodeKey(value: string, name: string): Buffer {
  const text = value.trim();
  const bytes = /^(?:[0-9a-f]{2}){32,}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  if (bytes.length < 32 || !/^[A-Za-z0-9+/_=-]+$/.test(text)) {
    throw new ConfigError(`${name} must be at least 32 random bytes in base64 or hex (make one with: openssl rand -base64 32)`);
  }
  return bytes;
}

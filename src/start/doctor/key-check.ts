import fs from 'node:fs';
import path from 'node:path';
import { systemClock } from '../../clock.js';
import type { Config } from '../../config/config.js';
import { keyFingerprint, recordedKeyFingerprint } from '../../security/key-fingerprint.js';
import { DEFAULT_KEY_FILE, loadSecretKeys } from '../../security/secret-key-source.js';
import { ServerSettings } from '../../store/server-settings.js';
import { attempt, type CheckResult } from './check.js';
import { withDatabase } from './open-for-check.js';

const name = 'secret key';

/**
 * The configured secret key against the fingerprint the database records (what `serve` checks at
 * start): the same key, a rotation under way (the recorded one is a previous key), or another
 * key, which `serve` would refuse. Never makes a key file.
 */
export async function checkSecretKey(config: Config): Promise<CheckResult[]> {
  const embeddedFile = path.join(config.dataDir, DEFAULT_KEY_FILE);
  if (!config.secretKey && !config.secretKeyFile && !config.databaseUrl && !fs.existsSync(embeddedFile)) {
    return [{ name, status: 'ok', detail: `no key yet: ${embeddedFile} is made (mode 0600) on the first start` }];
  }
  return [
    await attempt(
      name,
      () =>
        withDatabase(config, async (store) => {
          const settings = new ServerSettings(store.db, systemClock);
          const { current, previous } = await loadSecretKeys(config, settings);
          const mine = keyFingerprint(current);
          const recorded = await recordedKeyFingerprint(settings);
          if (recorded === null) return { name, status: 'ok', detail: `fingerprint ${mine}; the database records none yet (the first node to start records its key's)` };
          if (recorded === mine) return { name, status: 'ok', detail: `fingerprint ${mine} matches the key this database was set up with` };
          if (previous.some((key) => keyFingerprint(key) === recorded)) {
            return { name, status: 'warn', detail: `a rotation is under way: the database's key (${recorded}) is in ORATOR_PREVIOUS_SECRET_KEYS, the current key is ${mine}`, fix: 'run `orator secrets re-encrypt` once every node has the new key (docs/security.md#rotation)' };
          }
          return {
            name,
            status: 'fail',
            detail: `the configured key (fingerprint ${mine}) is not the key this database was set up with (${recorded}): serve would refuse to start`,
            fix: 'give this node the same ORATOR_SECRET_KEY as the others; when rotating, keep the old key in ORATOR_PREVIOUS_SECRET_KEYS (docs/security.md#rotation)',
          };
        }),
      'set ORATOR_SECRET_KEY (or ORATOR_SECRET_KEY_FILE) as docs/security.md says, and check the database',
    ),
  ];
}

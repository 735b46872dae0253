import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config/config.js';
import { StartupError } from '../../config/startup-error.js';
import { openDatabase } from '../../store/database.js';
import { migrations } from '../../store/migrations/index.js';
import { prepareDataDir } from '../data-dir.js';
import { explainStartupFailure } from '../explain-failure.js';
import { attempt, type CheckResult } from './check.js';

/** Below this much free space in DATA_DIR, doctor warns (audio and uploads grow there). */
const lowDiskBytes = 1024 ** 3;

export async function checkDataDir(config: Config): Promise<CheckResult[]> {
  try {
    prepareDataDir(config.dataDir);
  } catch (error) {
    return [{ name: 'data directory', status: 'fail', detail: (error as Error).message, fix: 'set DATA_DIR to a writable directory on a disk' }];
  }
  const results: CheckResult[] = [{ name: 'data directory', status: 'ok', detail: `${config.dataDir} is a writable directory` }];
  const { bavail, bsize } = fs.statfsSync(config.dataDir);
  const free = bavail * bsize;
  const gib = (free / 1024 ** 3).toFixed(1);
  results.push(
    free < lowDiskBytes
      ? { name: 'free disk', status: 'warn', detail: `${gib} GiB free under ${config.dataDir}`, fix: 'free space or move DATA_DIR: audio, uploads and the SQLite file grow there' }
      : { name: 'free disk', status: 'ok', detail: `${gib} GiB free under ${config.dataDir}` },
  );
  return results;
}

export async function checkDatabase(config: Config): Promise<CheckResult[]> {
  const kind = config.databaseUrl ? 'PostgreSQL' : 'SQLite';
  const fix = config.databaseUrl ? 'check DATABASE_URL: host, port, database, role and password' : 'check that DATA_DIR/orator.db is an SQLite file this user can write';
  return [
    await attempt(
      'database',
      async () => {
        const store = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, connectTimeoutMs: config.databaseConnectTimeoutMs }).catch((error: unknown) => {
          const explained = explainStartupFailure(error, config);
          throw explained instanceof StartupError ? explained : error;
        });
        try {
          await sql`select 1`.execute(store.db);
          const applied = await appliedMigrations(store.db);
          const pending = Object.keys(migrations).filter((name) => !applied.has(name));
          if (pending.length > 0) {
            return { name: 'database', status: 'warn', detail: `${kind} answers; ${pending.length} migration(s) not applied yet (${pending.join(', ')})`, fix: 'start `orator serve` once: it migrates the database at start' };
          }
          return { name: 'database', status: 'ok', detail: `${kind} answers, schema up to date (${applied.size} migrations)` };
        } finally {
          await store.close();
        }
      },
      fix,
    ),
  ];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function appliedMigrations(db: Kysely<any>): Promise<Set<string>> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return new Set(rows.map((r) => r.name));
  } catch {
    return new Set();
  }
}

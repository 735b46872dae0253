import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase, type Dialect, type OpenDatabaseOptions, type Store } from '../../src/store/database.js';
import { migrateToLatest } from '../../src/store/migrate.js';

const execFileAsync = promisify(execFile);

/**
 * Databases for tests: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 *
 * Isolation on PostgreSQL: each created database is a fresh schema `orator_test_<pid>_<hex>`,
 * put first on the search_path of every connection its pools open, and dropped (CASCADE) by
 * dispose(). Test files running in parallel on one server therefore never see each other's
 * tables. On SQLite each database is its own temporary folder.
 *
 * SQLite caveat: better-sqlite3 waits for a lock synchronously, so two connections in ONE
 * process deadlock if one holds a transaction across an await (migrateToLatest does). Open
 * handles on SQLite one after the other; to test nodes starting together, use child processes
 * (runInChild).
 */
export interface TestDatabase {
  dialect: Dialect;
  /** What openDatabase is given, e.g. to open the same database from a child process. */
  options: OpenDatabaseOptions;
  /** A new connection (pool) to this same database, migrated. Closed by dispose(). */
  open(): Promise<Store>;
  /** Opens without migrating. */
  openRaw(): Promise<Store>;
  /** Closes every handle opened here, then deletes the database. */
  dispose(): Promise<void>;
}

export interface TestDatabaseTarget {
  dialect: Dialect;
  create(): Promise<TestDatabase>;
}

export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ dialect: 'sqlite', create: createSqlite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) targets.push({ dialect: 'postgres', create: () => createPostgres(url) });
  return targets;
}

function tracker(dialect: Dialect, options: OpenDatabaseOptions, remove: () => Promise<void>): TestDatabase {
  const openRaw = () => openDatabase(options);
  const handles = new Set<Store>();
  const track = async () => {
    const store = await openRaw();
    const close = store.close;
    let closed = false;
    store.close = async () => {
      if (closed) return;
      closed = true;
      handles.delete(store);
      await close();
    };
    handles.add(store);
    return store;
  };
  return {
    dialect,
    options,
    openRaw: track,
    async open() {
      const store = await track();
      await migrateToLatest(store);
      return store;
    },
    async dispose() {
      await Promise.all([...handles].map((h) => h.close()));
      await remove();
    },
  };
}

async function createSqlite(): Promise<TestDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orator-test-db-'));
  return tracker(
    'sqlite',
    { dataDir },
    () => fs.rm(dataDir, { recursive: true, force: true }),
  );
}

async function createPostgres(url: string): Promise<TestDatabase> {
  const schema = `orator_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  return tracker(
    'postgres',
    { databaseUrl: url, dataDir: os.tmpdir(), schema, poolSize: 12 },
    async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  );
}

/** Polls `check` until it returns a truthy value, or fails after `timeoutMs` of real time. */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Runs test/contract/<script> in a child process (as .ts under tsx, as .js from dist/) with
 * `input` as JSON on argv, and returns what it printed as JSON.
 */
export async function runInChild<T>(script: string, input: unknown): Promise<T> {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const file = path.join(path.dirname(here), `${script}${ext}`);
  const args = ext === '.ts' ? ['--import', 'tsx', file] : [file];
  const { stdout } = await execFileAsync(process.execPath, [...args, JSON.stringify(input)], { timeout: 30_000 });
  return JSON.parse(stdout) as T;
}

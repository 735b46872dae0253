import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { withCachedStatements } from './cached-statements.js';
import { setChangeStamp, sqliteChangeStamp } from './change-stamp.js';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import type { Listening } from './postgres-listener.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the query builder, which dialect is behind it, and how to close it. */
export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the schema tables live in (the given one, else the server's current_schema). */
  schema?: string;
  /**
   * PostgreSQL only: LISTEN on a channel over a connection of its own (see postgres-listener.ts).
   * Whoever NOTIFYs the channel (`select pg_notify(channel, '')`) wakes the listeners of every
   * process on this database.
   */
  listen?(channel: string, onNotify: () => void): Listening;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… ; null or absent: the embedded SQLite file. */
  databaseUrl?: string | null;
  /** Where `orator.db` lives when SQLite is used. */
  dataDir: string;
  /**
   * PostgreSQL only: the schema to work in (created if missing, put first on the search_path of
   * every pooled connection). Tests use one fresh schema per suite; production leaves it unset.
   */
  schema?: string;
  /** PostgreSQL pool size. Default 10. */
  poolSize?: number;
  /** PostgreSQL: how long opening a connection may take before it fails. Default 10 s. */
  connectTimeoutMs?: number;
}

export const SQLITE_FILE_NAME = 'orator.db';

/** Opens (and, for SQLite, creates) the database. Does not migrate: see `migrateToLatest`. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Store> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): Store {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  // WAL: readers never block the writer, and a crash never corrupts committed rows.
  file.pragma('journal_mode = WAL');
  // Another process (a separate worker) holding the write lock makes us wait, not fail.
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  // Safe with WAL (durable across application crashes; an OS crash may lose the last commits).
  file.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withCachedStatements(file) }) });
  // What lets the repositories keep a read (the sign-in) until anything is written (change-stamp.ts).
  setChangeStamp(db, sqliteChangeStamp(file));
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Type parsers for this pool only (pg's `types.setTypeParser` would change every pool in the
 * process): int8 comes back as a JS number, as our millisecond timestamps and counters need.
 */
function pgTypesOf(pgModule: typeof pg): pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20 && format !== 'binary') return parseInt8;
      return pgModule.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
}

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} is beyond JavaScript's safe integers`);
  return value;
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Store> {
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new RangeError(`invalid schema name "${schema}"`);
  // Loaded only here: a process on SQLite never holds the PostgreSQL client.
  const [{ default: pgModule }, { listenPostgres }] = await Promise.all([import('pg'), import('./postgres-listener.js')]);
  const pgTypes = pgTypesOf(pgModule);
  const pool = new pgModule.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Without a bound, a host that drops packets leaves the start (and every query) waiting forever.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    types: pgTypes,
    // Sent in the startup packet, so every connection the pool ever opens has it.
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  // A connection the server drops (restart, pg_terminate_backend, a network cut) emits 'error':
  // through the pool while idle, on the client itself while a query holds it (the query is
  // rejected as well, and the broken client is discarded on release). Without listeners Node
  // treats the event as uncaught and ends the process; the next query simply opens a new connection.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  try {
    if (schema) await createSchema(db, schema);
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
    const current = rows[0]?.schema;
    if (!current) throw new Error('PostgreSQL has no current schema: check the search_path of the database user');
    const listenerConfig: pg.ClientConfig = { connectionString: url, connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000, types: pgTypes, options: schema ? `-c search_path=${schema}` : undefined };
    const listeners = new Set<Listening>();
    return {
      db,
      dialect: 'postgres',
      schema: current,
      listen(channel, onNotify) {
        const listening = listenPostgres(listenerConfig, channel, onNotify);
        listeners.add(listening);
        return {
          close: async () => {
            listeners.delete(listening);
            await listening.close();
          },
        };
      },
      async close() {
        await Promise.all([...listeners].map((l) => l.close()));
        await db.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

async function createSchema(db: Kysely<Database>, schema: string): Promise<void> {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    // Two pools opening together may both try; IF NOT EXISTS does not stop the loser's error.
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw error;
  }
}

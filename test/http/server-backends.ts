import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openRedis } from '../../src/redis/redis-connection.js';
import { deleteKeys, testRedisUrl, uniquePrefix } from '../contract/test-redis.js';

/** A PostgreSQL schema of its own for one test server (dropped by dispose), or null without TEST_DATABASE_URL. */
export async function postgresSchema(tag: string): Promise<{ url: string; dispose(): Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const schema = `orator_${tag}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create schema "${schema}"`);
  await client.end();
  const url = new URL(admin);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async dispose() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    },
  };
}

/** What a test server runs on: the environment that selects it, and what to clean up after. */
export interface ServerBackend {
  name: string;
  /** Why the backend cannot run here, or false. */
  skip: string | false;
  env(): Promise<Record<string, string>>;
  cleanup(): Promise<void>;
}

/** The embedded default: SQLite and the database queue. */
export const sqliteBackend = (name = 'SQLite'): ServerBackend => ({ name, skip: false, env: async () => ({}), cleanup: async () => {} });

/** PostgreSQL in a schema of its own (the database queue with it). */
export function postgresBackend(tag: string, name = 'PostgreSQL'): ServerBackend {
  let schema: Awaited<ReturnType<typeof postgresSchema>> = null;
  return {
    name,
    skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set',
    async env() {
      schema = await postgresSchema(tag);
      return { DATABASE_URL: schema!.url, ORATOR_SECRET_KEY: randomBytes(32).toString('base64') };
    },
    cleanup: async () => schema?.dispose(),
  };
}

/** BullMQ on Redis under a key prefix of its own (SQLite beside it). */
export function bullmqBackend(tag: string, name = 'BullMQ on Redis'): ServerBackend {
  const redisUrl = testRedisUrl();
  const prefix = uniquePrefix(tag);
  return {
    name,
    skip: redisUrl ? false : 'TEST_REDIS_URL is not set',
    env: async () => ({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix }),
    async cleanup() {
      const redis = openRedis(redisUrl!);
      await redis.connect();
      await deleteKeys(redis, prefix);
      redis.disconnect();
    },
  };
}

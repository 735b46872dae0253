import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { openRedis } from '../../src/redis/redis-connection.js';

/**
 * Redis for tests: TEST_REDIS_URL (CI sets it), shared by every test run on the machine, so each
 * run works under its own key prefix and deletes its keys afterwards.
 */
export function testRedisUrl(): string | undefined {
  return process.env.TEST_REDIS_URL || undefined;
}

export function uniquePrefix(what: string): string {
  return `orator-test:${what}:${process.pid}:${randomBytes(6).toString('hex')}:`;
}

export interface TestRedis {
  url: string;
  prefix: string;
  /** A new connection; closed by dispose(). */
  connect(options?: { blocking?: boolean }): Promise<Redis>;
  /** Deletes every key under the prefix and closes the connections. */
  dispose(): Promise<void>;
}

export function testRedis(url: string, what: string): TestRedis {
  const prefix = uniquePrefix(what);
  const connections: Redis[] = [];
  return {
    url,
    prefix,
    async connect(options = {}) {
      const redis = openRedis(url, { ...options, name: 'orator-test' });
      connections.push(redis);
      await redis.connect();
      return redis;
    },
    async dispose() {
      const redis = openRedis(url, { name: 'orator-test-cleanup' });
      await redis.connect();
      await deleteKeys(redis, prefix);
      redis.disconnect();
      for (const c of connections) c.disconnect();
    },
  };
}

export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}

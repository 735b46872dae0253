import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openRedis } from '../../src/redis/redis-connection.js';
import { freePort } from '../start/child-server.js';

export interface PrivateRedis {
  url: string;
  /** FLUSHALL: what a Redis restarted without persistence holds afterwards (nothing). */
  flushAll(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A redis-server process of the test's own, on a free port, persisting nothing (no AOF, no RDB
 * snapshots), so a test may FLUSHALL it without touching the Redis other tests share.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'orator-private-redis-'));
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const redis = openRedis(url, { name: 'orator-private-redis-test' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
      await redis.ping();
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start: ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    async flushAll() {
      await redis.flushall();
    },
    async close() {
      redis.disconnect();
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

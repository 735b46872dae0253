import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createJobQueue } from '../../src/queue/create-job-queue.js';
import { DatabaseJobQueue } from '../../src/queue/database-job-queue.js';
import type { Store } from '../../src/store/database.js';
import { databaseJobQueueContract } from '../contract/database-job-queue.contract.js';
import { testDatabaseTargets } from '../contract/test-databases.js';

// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
for (const target of testDatabaseTargets()) databaseJobQueueContract(target);

it('builds the database queue without REDIS_URL, and refuses to start when Redis is unreachable', async () => {
  const store = { dialect: 'sqlite' } as Store;
  assert.ok((await createJobQueue({ redisUrl: null }, store)) instanceof DatabaseJobQueue);
  await assert.rejects(createJobQueue({ redisUrl: 'redis://127.0.0.1:1' }, store), /Redis at redis:\/\/127\.0\.0\.1:1\/? is unreachable/);
});

const postgres = testDatabaseTargets().find((t) => t.dialect === 'postgres');

it(
  'on PostgreSQL, a job enqueued by one process wakes the idle workers of another at once, not at their next poll',
  { skip: postgres ? false : 'TEST_DATABASE_URL is not set', timeout: 30_000 },
  async () => {
    const database = await postgres!.create();
    try {
      const apiStore = await database.open();
      const workerStore = await database.open();
      const ran = new Map<string, () => void>();
      const type = {
        name: 'wake-test',
        maxAttempts: 1,
        handle: async (payload: { n: number }) => ran.get(String(payload.n))?.(),
        retryDelayMs: () => null,
      };
      const api = new DatabaseJobQueue(apiStore);
      api.register(type);
      // Its poll would come only after ten minutes (past this test's timeout): only the NOTIFY can wake it in time.
      const worker = new DatabaseJobQueue(workerStore, { pollIntervalMs: 600_000 });
      worker.register(type);
      await worker.start({ concurrency: 2 });
      try {
        for (let n = 0; n < 3; n++) {
          const done = new Promise<void>((resolve) => ran.set(String(n), resolve));
          await api.enqueue('wake-test', { n });
          await done;
        }
      } finally {
        await worker.stop({ timeoutMs: 5000 });
      }
    } finally {
      await database.dispose();
    }
  },
);

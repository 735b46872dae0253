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

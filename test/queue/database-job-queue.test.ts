import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createJobQueue } from '../../src/queue/create-job-queue.js';
import { DatabaseJobQueue } from '../../src/queue/database-job-queue.js';
import type { Store } from '../../src/store/database.js';
import { databaseJobQueueContract } from '../contract/database-job-queue.contract.js';
import { testDatabaseTargets } from '../contract/test-databases.js';

// SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
for (const target of testDatabaseTargets()) databaseJobQueueContract(target);

it('builds the database queue without REDIS_URL and refuses to pretend with one', () => {
  const store = { dialect: 'sqlite' } as Store;
  assert.ok(createJobQueue({ redisUrl: null }, store) instanceof DatabaseJobQueue);
  assert.throws(() => createJobQueue({ redisUrl: 'redis://localhost:6379' }, store), /REDIS_URL/);
});

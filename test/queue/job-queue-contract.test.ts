import { randomBytes } from 'node:crypto';
import { Worker } from 'bullmq';
import { BullMQJobQueue } from '../../src/queue/bullmq-job-queue.js';
import { DatabaseJobQueue } from '../../src/queue/database-job-queue.js';
import type { JobQueue } from '../../src/queue/job-queue.js';
import { openRedis } from '../../src/redis/redis-connection.js';
import { jobQueueContract } from '../contract/job-queue.contract.js';
import { testDatabaseTargets } from '../contract/test-databases.js';
import { deleteKeys, testRedis, testRedisUrl } from '../contract/test-redis.js';

// The database queue on SQLite always, on PostgreSQL when TEST_DATABASE_URL is set.
for (const target of testDatabaseTargets()) {
  jobQueueContract(`database on ${target.dialect}`, async () => {
    const database = await target.create();
    const store = await database.open();
    const queues: JobQueue[] = [];
    return {
      async open() {
        const queue = new DatabaseJobQueue(await database.open(), { pollIntervalMs: 20, onError: () => {} });
        queues.push(queue);
        return queue;
      },
      async claimAndDie(type) {
        const dead = new DatabaseJobQueue(store, { onError: () => {} });
        dead.register(type);
        return (await dead.claimNext())?.id ?? null;
      },
      async clear() {
        await store.db.deleteFrom('jobs').execute();
      },
      async dispose() {
        await database.dispose();
      },
    };
  });
}

// BullMQ when TEST_REDIS_URL is set, under a key prefix of its own.
const redisUrl = testRedisUrl();
if (redisUrl) {
  jobQueueContract('BullMQ on Redis', async () => {
    const redis = testRedis(redisUrl, 'queue');
    const connection = await redis.connect();
    const queues: BullMQJobQueue[] = [];
    return {
      async open() {
        const queue = new BullMQJobQueue({ redis: connection, redisUrl, prefix: redis.prefix, onError: () => {} });
        queues.push(queue);
        return queue;
      },
      async claimAndDie(type) {
        // A BullMQ worker that takes a job by hand and is gone: nothing renews its lock.
        const connection = openRedis(redisUrl, { blocking: true });
        const worker = new Worker(type.name, null, {
          connection,
          prefix: `${redis.prefix}bull`,
          lockDuration: type.leaseMs ?? 30_000,
          autorun: false,
        });
        const job = await worker.getNextJob(randomBytes(8).toString('hex'), { block: false });
        await worker.close(true);
        connection.disconnect();
        return job ? job.id!.slice(2).replace(/%3A/g, ':').replace(/%25/g, '%') : null;
      },
      async clear() {
        await deleteKeys(connection, redis.prefix);
      },
      async dispose() {
        await Promise.all(queues.map((q) => q.close()));
        await redis.dispose();
      },
    };
  });
}

import type { Config } from '../config/config.js';
import type { Store } from '../store/database.js';
import { DatabaseJobQueue, type DatabaseJobQueueOptions } from './database-job-queue.js';
import type { JobQueue } from './job-queue.js';

/**
 * The queue the configuration asks for. Without REDIS_URL: the `jobs` table of the database.
 * With it: BullMQ on that Redis (checked here: unreachable → RedisUnavailableError naming it).
 */
export async function createJobQueue(
  config: Pick<Config, 'redisUrl'> & Partial<Pick<Config, 'redisPrefix' | 'jobRetentionMs'>>,
  store: Store,
  options?: DatabaseJobQueueOptions,
): Promise<JobQueue> {
  if (!config.redisUrl) return new DatabaseJobQueue(store, options);
  // Loaded only here: BullMQ and ioredis hold ~13 MB in a process that queues in its database.
  const [{ connectRedis, openRedis }, { BullMQJobQueue }] = await Promise.all([import('../redis/redis-connection.js'), import('./bullmq-job-queue.js')]);
  const redis = openRedis(config.redisUrl, { name: 'orator-queue' });
  await connectRedis(redis, config.redisUrl);
  return new BullMQJobQueue({ redis, ownsConnection: true, redisUrl: config.redisUrl, prefix: config.redisPrefix, onError: options?.onError, keepFinishedSeconds: config.jobRetentionMs ? config.jobRetentionMs / 1000 : undefined });
}

import type { Config } from '../config/config.js';
import type { Store } from '../store/database.js';
import { DatabaseJobQueue, type DatabaseJobQueueOptions } from './database-job-queue.js';
import { JobQueueError, type JobQueue } from './job-queue.js';

/**
 * The queue the configuration asks for. Without REDIS_URL: the `jobs` table of the database.
 * The BullMQ implementation goes here, behind the same JobQueue interface, when REDIS_URL is set.
 */
export function createJobQueue(config: Pick<Config, 'redisUrl'>, store: Store, options?: DatabaseJobQueueOptions): JobQueue {
  if (config.redisUrl) throw new JobQueueError('REDIS_URL is set, but the Redis job queue is not available in this build');
  return new DatabaseJobQueue(store, options);
}

import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config/config.js';
import { InMemoryConcurrencyLimiter } from './in-memory-concurrency-limiter.js';
import { InMemoryRateLimiter } from './in-memory-rate-limiter.js';
import type { ConcurrencyLimiter, RateLimiter } from './limiter.js';

export interface Limiters {
  concurrency: ConcurrencyLimiter;
  rate: RateLimiter;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/**
 * The limiters the configuration asks for: in memory without REDIS_URL; with it, on Redis,
 * shared by every node (connection checked here: unreachable → RedisUnavailableError naming it).
 * The Redis rate limiter uses Redis's clock unless a test clock is given.
 */
export async function createLimiters(
  config: Pick<Config, 'redisUrl'> & Partial<Pick<Config, 'redisPrefix' | 'slotLeaseSeconds'>>,
  clock: Clock = systemClock,
): Promise<Limiters> {
  if (!config.redisUrl) {
    return { concurrency: new InMemoryConcurrencyLimiter(), rate: new InMemoryRateLimiter(clock), close: async () => {} };
  }
  // Loaded only here, like the job queue's: ioredis stays out of a process without Redis.
  const [{ connectRedis, openRedis }, { RedisConcurrencyLimiter }, { RedisRateLimiter }] = await Promise.all([
    import('../redis/redis-connection.js'),
    import('./redis-concurrency-limiter.js'),
    import('./redis-rate-limiter.js'),
  ]);
  const redis = openRedis(config.redisUrl, { name: 'orator-limits' });
  await connectRedis(redis, config.redisUrl);
  const prefix = config.redisPrefix ?? 'orator:';
  const concurrency = new RedisConcurrencyLimiter(redis, { prefix, leaseMs: (config.slotLeaseSeconds ?? 15) * 1000 });
  return {
    concurrency,
    rate: new RedisRateLimiter(redis, { prefix, clock: clock === systemClock ? undefined : clock }),
    async close() {
      concurrency.abandonAll();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

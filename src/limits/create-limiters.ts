import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config/config.js';
import { InMemoryConcurrencyLimiter } from './in-memory-concurrency-limiter.js';
import { InMemoryRateLimiter } from './in-memory-rate-limiter.js';
import { LimitError, type ConcurrencyLimiter, type RateLimiter } from './limiter.js';

export interface Limiters {
  concurrency: ConcurrencyLimiter;
  rate: RateLimiter;
}

/**
 * The limiters the configuration asks for: in memory without REDIS_URL. The Redis
 * implementations (shared by every API node) go here behind the same interfaces.
 */
export function createLimiters(config: Pick<Config, 'redisUrl'>, clock: Clock = systemClock): Limiters {
  if (config.redisUrl) throw new LimitError('REDIS_URL is set, but the Redis limiters are not available in this build');
  return { concurrency: new InMemoryConcurrencyLimiter(), rate: new InMemoryRateLimiter(clock) };
}

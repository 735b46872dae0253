import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ManualClock } from '../../src/clock.js';
import { createLimiters } from '../../src/limits/create-limiters.js';
import { InMemoryConcurrencyLimiter } from '../../src/limits/in-memory-concurrency-limiter.js';
import { InMemoryRateLimiter } from '../../src/limits/in-memory-rate-limiter.js';
import { concurrencyLimiterContract, rateLimiterContract } from '../contract/limiters.contract.js';

concurrencyLimiterContract('in memory', async () => {
  const limiter = new InMemoryConcurrencyLimiter();
  return { a: limiter, b: limiter };
});
rateLimiterContract('in memory', async (clock) => {
  const limiter = new InMemoryRateLimiter(clock);
  return { a: limiter, b: limiter };
});

it('forgets idle rate keys, so memory does not grow with every account ever seen', async () => {
  const clock = new ManualClock();
  const limiter = new InMemoryRateLimiter(clock);
  for (let i = 0; i < 1000; i++) await limiter.hit(`k${i}`, 5, 1000);
  const logs = (limiter as unknown as { logs: Map<string, unknown> }).logs;
  assert.equal(logs.size, 1000);
  clock.advance(61_000);
  await limiter.hit('fresh', 5, 1000);
  assert.equal(logs.size, 1);
});

it('builds in-memory limiters without REDIS_URL', async () => {
  const limiters = await createLimiters({ redisUrl: null });
  assert.ok(limiters.concurrency instanceof InMemoryConcurrencyLimiter);
  assert.ok(limiters.rate instanceof InMemoryRateLimiter);
});

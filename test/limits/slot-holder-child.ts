// Child process for redis-limiters.test.ts: takes two slots, says so, and holds them (renewing)
// until it is killed.
import { RedisConcurrencyLimiter } from '../../src/limits/redis-concurrency-limiter.js';
import { openRedis } from '../../src/redis/redis-connection.js';

const redis = openRedis(process.env.HOLD_REDIS_URL!);
await redis.connect();
const limiter = new RedisConcurrencyLimiter(redis, { prefix: process.env.HOLD_PREFIX, leaseMs: Number(process.env.HOLD_LEASE_MS) });
const held = [await limiter.tryAcquire('speak:dead', 2), await limiter.tryAcquire('speak:dead', 2)];
process.stdout.write(`holding ${held.filter(Boolean).length}\n`);
setInterval(() => {}, 60_000);

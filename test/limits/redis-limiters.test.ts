import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createLimiters } from '../../src/limits/create-limiters.js';
import { RedisUnavailableError } from '../../src/redis/redis-connection.js';
import { RedisConcurrencyLimiter } from '../../src/limits/redis-concurrency-limiter.js';
import { RedisRateLimiter } from '../../src/limits/redis-rate-limiter.js';
import { concurrencyLimiterContract, rateLimiterContract } from '../contract/limiters.contract.js';
import { testRedis, testRedisUrl, type TestRedis } from '../contract/test-redis.js';
import { waitFor } from '../contract/test-databases.js';

const url = testRedisUrl();

describe('Redis limiters', { skip: url ? false : 'TEST_REDIS_URL is not set' }, () => {
  let redis: TestRedis;
  before(() => {
    redis = testRedis(url!, 'limits');
  });
  after(async () => {
    await redis?.dispose();
  });
  // Each created pair counts under its own prefix; its two limiters use two connections, as two nodes do.
  const fresh = () => `${redis.prefix}${randomBytes(4).toString('hex')}:`;

  concurrencyLimiterContract('Redis', async () => {
    const prefix = fresh();
    const a = new RedisConcurrencyLimiter(await redis.connect(), { prefix });
    const b = new RedisConcurrencyLimiter(await redis.connect(), { prefix });
    return { a, b };
  });
  rateLimiterContract('Redis', async (clock) => {
    const prefix = fresh();
    return {
      a: new RedisRateLimiter(await redis.connect(), { prefix, clock }),
      b: new RedisRateLimiter(await redis.connect(), { prefix, clock }),
    };
  });

  it('keeps a slot held past its lease while the holder renews it', async () => {
    const prefix = fresh();
    // A lease long enough that a loaded test machine's event-loop stalls cannot outlast it.
    const leaseMs = 1000;
    const limiter = new RedisConcurrencyLimiter(await redis.connect(), { prefix, leaseMs });
    const probe = await redis.connect();
    const leaseEnd = async () => Number((await probe.zrange(`${prefix}slots:long`, '0', '-1', 'WITHSCORES'))[1]);
    const release = await limiter.tryAcquire('long', 1);
    assert.ok(release);
    const firstEnd = await leaseEnd();
    // Past its first lease's end on Redis's own clock, the slot is still held: renewed, not lapsed.
    await waitFor(async () => {
      const [seconds, micros] = await probe.time();
      return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) > firstEnd + leaseMs;
    }, 20 * leaseMs, 'two leases to pass on Redis’s clock');
    assert.ok((await leaseEnd()) > firstEnd + leaseMs, 'the lease was renewed');
    assert.equal(await limiter.inUse('long'), 1, 'a renewed slot lapsed');
    assert.equal(await limiter.tryAcquire('long', 1), null);
    await release();
    assert.equal(await limiter.inUse('long'), 0);
  });

  it('gives back, within the lease, the slots of a process killed while holding them', async () => {
    const prefix = fresh();
    const leaseMs = 1000;
    const child = spawn(process.execPath, [fileURLToPath(new URL('./slot-holder-child.js', import.meta.url))], {
      env: { ...process.env, HOLD_REDIS_URL: url, HOLD_PREFIX: prefix, HOLD_LEASE_MS: String(leaseMs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = await Promise.race([
      once(child.stdout!, 'data'),
      once(child, 'exit').then(() => {
        throw new Error('the holder exited before taking its slots');
      }),
    ]);
    assert.equal(String(line).trim(), 'holding 2');
    const limiter = new RedisConcurrencyLimiter(await redis.connect(), { prefix, leaseMs });
    assert.equal(await limiter.inUse('speak:dead'), 2);
    child.kill('SIGKILL');
    await once(child, 'exit');
    // Redis's own clock and the leases' ends: each ends no later than one lease after the kill.
    const probe = await redis.connect();
    const [seconds, micros] = await probe.time();
    const killedAt = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const scores = (await probe.zrange(`${prefix}slots:speak:dead`, '0', '-1', 'WITHSCORES')).filter((_, i) => i % 2 === 1).map(Number);
    assert.equal(scores.length, 2);
    for (const end of scores) assert.ok(end <= killedAt + leaseMs, `a lease ends ${end - killedAt} ms after the kill`);
    await waitFor(async () => (await limiter.inUse('speak:dead')) === 0, 20 * leaseMs, 'the dead holder’s slots to lapse');
    assert.ok(await limiter.tryAcquire('speak:dead', 2), 'the lapsed slots were not free');
  });
});

describe('createLimiters with REDIS_URL', () => {
  it('refuses to start, naming where, when Redis is unreachable', async () => {
    // Port 1 on loopback: nothing listens there.
    await assert.rejects(createLimiters({ redisUrl: 'redis://:secret@127.0.0.1:1' }), (error: unknown) => {
      assert.ok(error instanceof RedisUnavailableError);
      assert.match(error.message, /^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1\/? is unreachable/);
      assert.doesNotMatch(error.message, /secret/);
      return true;
    });
  });

  it('builds the Redis limiters when it is reachable', { skip: url ? false : 'TEST_REDIS_URL is not set' }, async () => {
    const prefix = `orator-test:factory:${process.pid}:${randomBytes(4).toString('hex')}:`;
    const limiters = await createLimiters({ redisUrl: url!, redisPrefix: prefix, slotLeaseSeconds: 5 });
    try {
      assert.ok(limiters.concurrency instanceof RedisConcurrencyLimiter);
      assert.equal((limiters.concurrency as RedisConcurrencyLimiter).leaseMs, 5000);
      assert.ok(limiters.rate instanceof RedisRateLimiter);
      const release = await limiters.concurrency.tryAcquire('k', 1);
      assert.ok(release);
      await release();
    } finally {
      await limiters.close();
    }
  });
});

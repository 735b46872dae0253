import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../src/clock.js';
import type { ConcurrencyLimiter, RateLimiter } from '../../src/limits/limiter.js';

/**
 * Two clients of one shared counter: two Redis connections (as two nodes have), or the same
 * in-memory limiter twice (in memory there is only one process to share with).
 */
export interface LimiterPair<L> {
  a: L;
  b: L;
}

/** The ConcurrencyLimiter behaviour every implementation (memory, Redis) must show. */
export function concurrencyLimiterContract(name: string, createPair: () => Promise<LimiterPair<ConcurrencyLimiter>>): void {
  const create = async () => (await createPair()).a;
  describe(`concurrency limiter: ${name}`, () => {
    it('grants up to the limit, refuses beyond it without waiting, and frees on release', async () => {
      const limiter = await create();
      const held = [];
      for (let i = 0; i < 5; i++) {
        const release = await limiter.tryAcquire('speak:u1', 5);
        assert.ok(release, `slot ${i + 1} of 5 refused`);
        held.push(release);
      }
      assert.equal(await limiter.tryAcquire('speak:u1', 5), null);
      assert.equal(await limiter.inUse('speak:u1'), 5);
      await held[0]();
      assert.equal(await limiter.inUse('speak:u1'), 4);
      const again = await limiter.tryAcquire('speak:u1', 5);
      assert.ok(again, 'a released slot was not given back');
      assert.equal(await limiter.tryAcquire('speak:u1', 5), null);
    });

    it('counts keys apart and ignores a second release', async () => {
      const limiter = await create();
      const a = await limiter.tryAcquire('k:a', 1);
      assert.ok(a);
      assert.ok(await limiter.tryAcquire('k:b', 1), 'another key was blocked');
      assert.equal(await limiter.tryAcquire('k:a', 1), null);
      await a();
      await a();
      assert.equal(await limiter.inUse('k:a'), 0);
      const b = await limiter.tryAcquire('k:a', 1);
      assert.ok(b);
      assert.equal(await limiter.tryAcquire('k:a', 1), null, 'a double release freed two slots');
    });

    it('never grants more than the limit to simultaneous callers', async () => {
      const limiter = await create();
      const results = await Promise.all(Array.from({ length: 40 }, () => limiter.tryAcquire('race', 15)));
      assert.equal(results.filter(Boolean).length, 15);
      assert.equal(await limiter.tryAcquire('zero', 0), null, 'a limit of 0 allows nothing');
    });

    it('never grants more than the limit to two clients racing, and either frees what the other counts', async () => {
      const { a, b } = await createPair();
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).tryAcquire('race2', 7)));
      const granted = results.filter((r): r is NonNullable<typeof r> => r !== null);
      assert.equal(granted.length, 7);
      assert.equal(await a.inUse('race2'), 7);
      assert.equal(await b.inUse('race2'), 7);
      await granted[0]();
      assert.equal(await b.inUse('race2'), 6);
      assert.ok(await b.tryAcquire('race2', 7), 'a slot released through one client was not free for the other');
      assert.equal(await a.tryAcquire('race2', 7), null);
      await Promise.all(granted.map((release) => release()));
    });
  });
}

/** The RateLimiter behaviour every implementation must show; time comes from the clock given. */
export function rateLimiterContract(name: string, createPair: (clock: ManualClock) => Promise<LimiterPair<RateLimiter>>): void {
  const create = async (clock: ManualClock) => (await createPair(clock)).a;
  describe(`rate limiter: ${name}`, () => {
    it('allows `limit` hits in a sliding window, then says how long to wait', async () => {
      const clock = new ManualClock();
      const limiter = await create(clock);
      const window = 60_000;
      const decisions = [];
      for (let i = 0; i < 3; i++) {
        decisions.push(await limiter.hit('speak:u1', 3, window));
        clock.advance(10_000); // hits at 0 s, 10 s, 20 s
      }
      assert.deepEqual(
        decisions.map((d) => [d.allowed, d.remaining]),
        [
          [true, 2],
          [true, 1],
          [true, 0],
        ],
      );
      // At 30 s the oldest hit (0 s) leaves the window at 60 s: 30 s to wait.
      const refused = await limiter.hit('speak:u1', 3, window);
      assert.deepEqual(refused, { allowed: false, remaining: 0, retryAfterSeconds: 30 });
      clock.advance(29_500);
      assert.equal((await limiter.hit('speak:u1', 3, window)).retryAfterSeconds, 1, 'rounds the wait up');
      clock.advance(500); // 60 s: the 0 s hit is out
      assert.equal((await limiter.hit('speak:u1', 3, window)).allowed, true);
      assert.equal((await limiter.hit('speak:u1', 3, window)).allowed, false, 'the 10 s hit is still in');
    });

    it('does not count refused hits, and keeps keys apart', async () => {
      const clock = new ManualClock();
      const limiter = await create(clock);
      assert.equal((await limiter.hit('a', 1, 1000)).allowed, true);
      for (let i = 0; i < 10; i++) {
        clock.advance(50);
        assert.equal((await limiter.hit('a', 1, 1000)).allowed, false);
      }
      assert.equal((await limiter.hit('b', 1, 1000)).allowed, true, 'another key was limited');
      clock.advance(500); // 1000 ms after the one counted hit
      assert.equal((await limiter.hit('a', 1, 1000)).allowed, true, 'refused hits extended the wait');
    });

    it('peeks without counting: the same answer hit() would give, and nothing used up', async () => {
      const clock = new ManualClock();
      const limiter = await create(clock);
      for (let i = 0; i < 5; i++) assert.deepEqual(await limiter.peek('peeked', 2, 1000), { allowed: true, remaining: 1, retryAfterSeconds: 0 });
      assert.equal((await limiter.hit('peeked', 2, 1000)).allowed, true);
      assert.equal((await limiter.peek('peeked', 2, 1000)).remaining, 0);
      assert.equal((await limiter.hit('peeked', 2, 1000)).allowed, true);
      clock.advance(400);
      assert.deepEqual(await limiter.peek('peeked', 2, 1000), { allowed: false, remaining: 0, retryAfterSeconds: 1 });
      clock.advance(600);
      assert.equal((await limiter.peek('peeked', 2, 1000)).allowed, true, 'the window moved on');
    });

    it('has no burst at a window edge', async () => {
      const clock = new ManualClock();
      const limiter = await create(clock);
      clock.advance(59_000);
      for (let i = 0; i < 5; i++) assert.equal((await limiter.hit('edge', 5, 60_000)).allowed, true);
      clock.advance(2_000); // a fixed window would reset here
      assert.equal((await limiter.hit('edge', 5, 60_000)).allowed, false);
    });

    it('lets exactly `limit` of many simultaneous hits through', async () => {
      const clock = new ManualClock();
      const limiter = await create(clock);
      const results = await Promise.all(Array.from({ length: 100 }, () => limiter.hit('burst', 30, 60_000)));
      assert.equal(results.filter((r) => r.allowed).length, 30);
    });

    it('counts two clients racing on one key as one', async () => {
      const clock = new ManualClock();
      const { a, b } = await createPair(clock);
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).hit('burst2', 25, 60_000)));
      assert.equal(results.filter((r) => r.allowed).length, 25);
      const remaining = results.filter((r) => r.allowed).map((r) => r.remaining).sort((x, y) => x - y);
      assert.deepEqual(remaining, Array.from({ length: 25 }, (_, i) => i), 'each allowed hit saw its own count');
      clock.advance(30_000);
      assert.equal((await a.hit('burst2', 25, 60_000)).allowed, false);
      assert.equal((await b.hit('burst2', 25, 60_000)).retryAfterSeconds, 30);
    });
  });
}

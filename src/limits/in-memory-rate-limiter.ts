import { systemClock, type Clock } from '../clock.js';
import type { RateDecision, RateLimiter } from './limiter.js';

interface Log {
  windowMs: number;
  /** Times (ms) of the counted hits, oldest first; never longer than the limit. */
  hits: number[];
}

const SWEEP_EVERY_MS = 60_000;

/**
 * Sliding-log rate limiter in this process's memory. Exact (no window-edge bursts), and small
 * enough: a key keeps at most `limit` timestamps, and idle keys are swept once a minute.
 * Redis can do the same with one sorted set per key.
 */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly logs = new Map<string, Log>();
  private lastSweep: number;

  constructor(private readonly clock: Clock = systemClock) {
    this.lastSweep = clock.now();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    return this.decide(key, limit, windowMs, true);
  }

  async peek(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    return this.decide(key, limit, windowMs, false);
  }

  private decide(key: string, limit: number, windowMs: number, count: boolean): RateDecision {
    const now = this.clock.now();
    this.sweep(now);
    const log = this.logs.get(key) ?? { windowMs, hits: [] };
    log.windowMs = windowMs;
    const since = now - windowMs;
    let expired = 0;
    while (expired < log.hits.length && log.hits[expired] <= since) expired++;
    if (expired > 0) log.hits.splice(0, expired);
    if (log.hits.length < limit) {
      if (!count) return { allowed: true, remaining: limit - log.hits.length - 1, retryAfterSeconds: 0 };
      log.hits.push(now);
      this.logs.set(key, log);
      return { allowed: true, remaining: limit - log.hits.length, retryAfterSeconds: 0 };
    }
    if (log.hits.length === 0) return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(windowMs / 1000)) };
    // The hit that must leave the window before one more fits (the limit may have shrunk).
    const blocking = log.hits[log.hits.length - limit];
    const waitMs = blocking + windowMs - now;
    return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, log] of this.logs) {
      const newest = log.hits[log.hits.length - 1];
      if (newest === undefined || newest <= now - log.windowMs) this.logs.delete(key);
    }
  }
}

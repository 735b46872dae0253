import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import { redisCall } from '../redis/redis-connection.js';
import type { RateDecision, RateLimiter } from './limiter.js';

// The in-memory sliding log, as one sorted set per key (member = a unique hit id, score = its
// time in ms), checked and added to in one Lua script so that nodes racing count exactly.
// ARGV[3] is the time to use, or empty for the Redis server's own clock (one clock for all nodes).
const HIT = `
local now = tonumber(ARGV[3])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  if ARGV[5] == 'peek' then return {1, limit - count - 1, 0} end
  redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, limit - count - 1, 0}
end
if count == 0 then return {0, 0, window} end
local blocking = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
return {0, 0, tonumber(blocking[2]) + window - now}`;

export interface RedisRateLimiterOptions {
  /** Prefix of every key this limiter writes. Default `orator:`. */
  prefix?: string;
  /** Time source; default the Redis server's clock, shared by every node. */
  clock?: Clock;
}

/** Sliding-window rate limiter shared by every node through Redis; same answers as InMemoryRateLimiter. */
export class RedisRateLimiter implements RateLimiter {
  private readonly prefix: string;
  private readonly clock: Clock | undefined;

  constructor(
    private readonly redis: Redis,
    options: RedisRateLimiterOptions = {},
  ) {
    this.prefix = `${options.prefix ?? 'orator:'}rate:`;
    this.clock = options.clock;
  }

  hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    return this.decide(key, limit, windowMs, 'count');
  }

  peek(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    return this.decide(key, limit, windowMs, 'peek');
  }

  /** The one script for both: a peek only skips the ZADD (expired hits are dropped either way). */
  private async decide(key: string, limit: number, windowMs: number, mode: 'count' | 'peek'): Promise<RateDecision> {
    const now = this.clock ? String(this.clock.now()) : '';
    const reply = (await redisCall('counting a rate-limited hit', () =>
      this.redis.eval(HIT, 1, this.prefix + key, String(Math.max(0, Math.floor(limit))), String(Math.max(1, Math.ceil(windowMs))), now, randomBytes(8).toString('hex'), mode),
    )) as [number, number, number];
    const [allowed, remaining, waitMs] = reply.map(Number);
    if (allowed === 1) return { allowed: true, remaining, retryAfterSeconds: 0 };
    return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}

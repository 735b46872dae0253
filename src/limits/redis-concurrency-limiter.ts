import { randomBytes } from 'node:crypto';
import { redisOutage } from '../logging/backend-outage.js';
import type { Redis } from 'ioredis';
import { redisCall } from '../redis/redis-connection.js';
import type { ConcurrencyLimiter, Release } from './limiter.js';

/** How long a slot outlives its holder's last renewal. Holders renew every third of it. */
export const DEFAULT_SLOT_LEASE_MS = 15_000;

// One sorted set per key: member = holder token, score = when its lease ends (Redis server time,
// ms, so every node agrees). Expired holders are dropped before counting, so a node that died
// holding slots gives them back by itself once their leases end.
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const ACQUIRE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const RENEW = `${NOW}
local until_ = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not until_ then return 0 end
if tonumber(until_) <= now then redis.call('ZREM', KEYS[1], ARGV[2]) return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

const IN_USE = `${NOW}
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')`;

export interface RedisConcurrencyLimiterOptions {
  /** Prefix of every key this limiter writes. Default `orator:`. */
  prefix?: string;
  /** Lease of a slot (ms); renewed every third of it while held. Default 15 s. */
  leaseMs?: number;
  /** A renewal that failed or found the slot gone (the holder keeps running). Default: stderr. */
  onError?: (error: unknown, what: string) => void;
}

/**
 * Concurrency slots shared by every node through Redis, each taken and counted in one Lua script
 * (atomic across nodes). A held slot is renewed while its holder runs; a holder whose process
 * dies stops renewing, and its slot comes back within the lease.
 */
export class RedisConcurrencyLimiter implements ConcurrencyLimiter {
  private readonly prefix: string;
  readonly leaseMs: number;
  private readonly onError: (error: unknown, what: string) => void;
  private readonly renewals = new Set<NodeJS.Timeout>();

  constructor(
    private readonly redis: Redis,
    options: RedisConcurrencyLimiterOptions = {},
  ) {
    this.prefix = `${options.prefix ?? 'orator:'}slots:`;
    this.leaseMs = options.leaseMs ?? DEFAULT_SLOT_LEASE_MS;
    if (!Number.isInteger(this.leaseMs) || this.leaseMs < 30) throw new RangeError('slot lease must be an integer of at least 30 ms');
    this.onError = options.onError ?? ((error, what) => redisOutage.clientError(error, `concurrency limiter: ${what}`));
  }

  async tryAcquire(key: string, limit: number): Promise<Release | null> {
    if (!(limit >= 1)) return null;
    const redisKey = this.prefix + key;
    const token = randomBytes(12).toString('hex');
    const granted = await redisCall('taking a concurrency slot', () =>
      this.redis.eval(ACQUIRE, 1, redisKey, String(Math.floor(limit)), String(this.leaseMs), token),
    );
    if (Number(granted) !== 1) return null;
    const renewal = setInterval(() => {
      this.redis.eval(RENEW, 1, redisKey, String(this.leaseMs), token).then(
        (kept) => {
          if (Number(kept) !== 1) {
            clearInterval(renewal);
            this.renewals.delete(renewal);
            this.onError(new Error(`slot of ${key} lapsed before it was renewed`), 'renewing a slot');
          }
        },
        (error) => this.onError(error, `renewing a slot of ${key}`),
      );
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    renewal.unref();
    this.renewals.add(renewal);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      clearInterval(renewal);
      this.renewals.delete(renewal);
      // If Redis is away now, the slot still comes back when its lease ends.
      await this.redis.zrem(redisKey, token).catch((error) => this.onError(error, `releasing a slot of ${key}`));
    };
  }

  async inUse(key: string): Promise<number> {
    return Number(await redisCall('counting concurrency slots', () => this.redis.eval(IN_USE, 1, this.prefix + key)));
  }

  /** Stops renewing every held slot (as a dying process would); they lapse within the lease. */
  abandonAll(): void {
    for (const renewal of this.renewals) clearInterval(renewal);
    this.renewals.clear();
  }
}

import { Redis, ReplyError, type RedisOptions } from 'ioredis';
import { redisOutage } from '../logging/backend-outage.js';
import { redactUrl } from './redact-url.js';

/** Redis could not be reached or answered an error where a command needed it. */
export class RedisUnavailableError extends Error {
  readonly code = 'backend_unavailable';
  /** Which backend, for the retry metrics (src/outages). */
  readonly backend = 'redis';
}

export interface RedisConnectionOptions {
  /**
   * For BullMQ's blocking worker connections: retry commands forever instead of failing them
   * (BullMQ requires `maxRetriesPerRequest: null` there). Default false: a command fails fast
   * while Redis is away, so a request answers 503 instead of hanging.
   */
  blocking?: boolean;
  /** Name shown by CLIENT LIST, to tell Orator's connections apart. */
  name?: string;
}

/**
 * One ioredis connection to REDIS_URL. It reconnects by itself (backoff capped at 2 s) whenever
 * the server comes back; in the meantime non-blocking connections fail commands at once.
 */
export function openRedis(url: string, options: RedisConnectionOptions = {}): Redis {
  const settings: RedisOptions = {
    connectionName: options.name ?? 'orator',
    lazyConnect: true,
    retryStrategy: (times) => Math.min(2000, 50 * 2 ** Math.min(times, 6)),
    ...(options.blocking
      ? { maxRetriesPerRequest: null, enableOfflineQueue: true }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 5000 }),
  };
  const redis = new Redis(url, settings);
  // Errors are reported through the commands that fail; an unhandled 'error' event would crash.
  // The last one is kept for the start-up message (ioredis only says "Connection is closed").
  // While Redis is away, ioredis emits an error at every reconnect attempt: the outage is logged
  // once (redisOutage), and its end when every connection is ready again.
  redis.on('error', (error: Error) => {
    lastErrors.set(redis, error);
    redisOutage.failed(redis, error, `connection ${settings.connectionName}`);
  });
  redis.on('ready', () => redisOutage.recovered(redis));
  redis.on('end', () => redisOutage.forget(redis));
  return redis;
}

const lastErrors = new WeakMap<Redis, Error>();

/** Connects and checks with PING; throws a one-line RedisUnavailableError naming where. */
export async function connectRedis(redis: Redis, url: string): Promise<void> {
  try {
    if (redis.status === 'wait') await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const cause = lastErrors.get(redis) ?? (error as Error);
    throw new RedisUnavailableError(`Redis at ${redactUrl(url)} is unreachable: ${cause.message}`);
  }
}

/** Runs a Redis command, turning a connection failure into RedisUnavailableError. */
export async function redisCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // A reply error is Redis answering (a bug in a script, a wrong type), not Redis being away.
    if (error instanceof RedisUnavailableError || error instanceof ReplyError) throw error;
    throw new RedisUnavailableError(`Redis unavailable (${what}): ${(error as Error).message}`);
  }
}

/**
 * Counters behind the 429 answers. In memory on one machine; on Redis when scaled, so that all
 * API nodes count together. Every method is async because the Redis implementations will be.
 */

/** Gives a concurrency slot back. Calling it more than once is harmless. */
export type Release = () => Promise<void>;

export interface ConcurrencyLimiter {
  /**
   * Takes one of `limit` slots for `key` (e.g. `speak:<uid>`), or returns null when all are
   * taken. Never waits: the caller answers 429 instead.
   */
  tryAcquire(key: string, limit: number): Promise<Release | null>;
  /** Slots of `key` currently taken. */
  inUse(key: string): Promise<number>;
}

export interface RateDecision {
  allowed: boolean;
  /** Hits still allowed in the current window after this one. */
  remaining: number;
  /** When not allowed: whole seconds until a hit would be (for Retry-After). 0 when allowed. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one hit of `key` if fewer than `limit` hits fall within the last `windowMs`
   * (a sliding window). Refused hits are not counted, so hammering does not extend the wait.
   */
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /**
   * What hit() would answer now, without counting anything: for counters of failures, which a
   * request must consult before it is known to be one (the admin token's throttle).
   */
  peek(key: string, limit: number, windowMs: number): Promise<RateDecision>;
}

export class LimitError extends Error {}

/**
 * Retry-After (seconds) of a refusal for lack of a concurrency slot. When a slot frees is not
 * known in advance; a second is about the time of a short synthesis, and a refused request costs
 * the server almost nothing, so clients polling this often do no harm.
 */
export const slotRetryAfterSeconds = 1;

/** The concurrency slots of an account's syntheses, whichever interface asks for one. */
export const synthesisSlotKey = (accountUid: string) => `synthesis:${accountUid}`;

/** Ready-made `retryDelayMs` policies for JobType. */

/** Retries after each listed delay in turn, then gives up. */
export function fixedSchedule(delaysMs: readonly number[]): (attempt: number) => number | null {
  return (attempt) => (attempt >= 1 && attempt <= delaysMs.length ? delaysMs[attempt - 1] : null);
}

/** base·2^(attempt−1), capped at maxDelayMs, for at most `retries` retries. */
export function exponentialBackoff(baseMs: number, retries: number, maxDelayMs = Infinity): (attempt: number) => number | null {
  return (attempt) => (attempt >= 1 && attempt <= retries ? Math.min(maxDelayMs, baseMs * 2 ** (attempt - 1)) : null);
}

/** Never retries. */
export const noRetry = (): null => null;

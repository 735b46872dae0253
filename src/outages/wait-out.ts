import { unreachableBackend, type Backend } from './unreachable-backend.js';

export interface WaitOutOptions {
  /** How long to keep trying after the first failure (ms); past it the last error is thrown. */
  budgetMs: number;
  /** Told before each retry (the metrics count them). */
  onRetry?: (backend: Backend) => void;
  /** Stops waiting at once (the job is being stopped or lost its lease): the last error is thrown. */
  signal?: AbortSignal;
  /** First delay (ms), doubled per retry up to maxDelayMs. Defaults 500 and 15,000. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * Runs `call`, and while it fails because a backing service is unreachable (S3, Redis, the
 * database: unreachableBackend), runs it again with exponential backoff (±20% jitter, so nodes do
 * not retry in step) until it succeeds or `budgetMs` has passed since the first failure. Any
 * other error is thrown at once. For background work only: a client waiting on a request is
 * answered 503 with Retry-After instead (docs/scaling.md, "Outages").
 */
export async function waitOut<T>(call: () => Promise<T>, options: WaitOutOptions): Promise<T> {
  const first = options.firstDelayMs ?? 500;
  const max = options.maxDelayMs ?? 15_000;
  let deadline: number | null = null;
  for (let retry = 0; ; retry++) {
    try {
      return await call();
    } catch (error) {
      const backend = unreachableBackend(error);
      if (backend === null || options.signal?.aborted) throw error;
      const now = Date.now();
      deadline ??= now + options.budgetMs;
      if (now >= deadline) throw error;
      options.onRetry?.(backend);
      const delay = Math.min(max, first * 2 ** Math.min(retry, 20)) * (0.8 + Math.random() * 0.4);
      if (!(await pause(Math.min(delay, deadline - now), options.signal))) throw error;
    }
  }
}

/** Waits `ms`; false when the signal aborted it first. */
function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve(true);
    }, Math.max(0, ms));
    const aborted = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * An engine stopped a run that went past its own time limit (Flite's host thread, restarted). The
 * pool answers it as the pool's own SynthesisTimeoutError, so clients get the timeout refusal of
 * their interface (503 with Retry-After), never a 500.
 */
export class EngineTimeoutError extends Error {
  constructor(
    readonly engine: string,
    readonly timeoutMs: number,
  ) {
    super(`${engine} did not finish within ${timeoutMs} ms; its host thread was restarted`);
    this.name = 'EngineTimeoutError';
  }
}

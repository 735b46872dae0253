/**
 * A start that cannot go on, said in one line an operator can act on (what failed, and the
 * setting to look at). `report-failure` prints its message alone; the cause's stack only at
 * LOG_LEVEL=debug.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

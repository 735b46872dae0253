import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

/** pino's numeric levels: a line is written when its level is at least the logger's. */
const levelValues: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * A request's logger that becomes pino's child (with the request id) only when a line is to be
 * written. Fastify makes a child for every request, and with redaction configured that costs a
 * measurable part of a light request (bench:light-routes), while at `warn` and above nearly every
 * request writes nothing: the lines Fastify writes for each request are at info.
 */
class LazyRequestLogger {
  private made: FastifyBaseLogger | undefined;
  private threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: { level?: string },
  ) {
    this.threshold = levelValues[options.level ?? parent.level] ?? 0;
  }

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
    this.threshold = levelValues[level] ?? 0;
  }

  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }

  silent(): void {}

  /** Makes the real child only for a line that passes the level. */
  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    if (levelValues[level] >= this.threshold) (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
}

/**
 * Fastify's `childLoggerFactory`: what each request logs through. At LOG_LEVEL=silent the
 * server's logger itself (nothing can be written, so no child is needed, and per-route levels such
 * as the health probes' are silent too); at warn and above a child made on the first line written;
 * at info and below (every request writes lines) pino's child as usual.
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options) {
  if (logger.level === 'silent') return logger;
  const level = options.level ?? logger.level;
  if ((levelValues[level] ?? 0) <= levelValues.info) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
};

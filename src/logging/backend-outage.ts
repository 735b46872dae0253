import type { Logger } from 'pino';
import { createLogger, type LoggerOptions } from './create-logger.js';

/**
 * A backend's outages (Redis today) as log events: one warning when the first of its connections
 * fails, one info line when the last failing one is connected again, nothing in between. Without
 * this, each connection's reconnect loop and BullMQ's workers would each write an error (as
 * console.error's multi-line objects) every retry for as long as the backend is away.
 */
export class BackendOutage {
  /** Connections (or other sources) that failed and have not reconnected since. */
  private readonly failing = new Set<unknown>();
  private log: Logger | undefined;
  private options: LoggerOptions = { level: 'warn', pretty: false };

  constructor(private readonly backend: string) {}

  /** The process's LOG_LEVEL and format (cli.ts); until then JSON warnings, as in production. Made at the first line. */
  configureLogger(options: LoggerOptions): void {
    this.options = options;
    this.log = undefined;
  }

  get down(): boolean {
    return this.failing.size > 0;
  }

  failed(source: unknown, error: unknown, what: string): void {
    const wasUp = this.failing.size === 0;
    this.failing.add(source);
    if (!wasUp) return;
    this.logger().warn(
      { backend: this.backend, outage: 'began', what, reason: errorSummary(error) },
      `${this.backend} unreachable (${what}): ${errorSummary(error)}; retrying, the next line about it says when it is back`,
    );
  }

  /**
   * An error a client library reports about the backend (BullMQ's queues and workers, the
   * concurrency limiter): a connection error is part of the outage, anything else is logged as
   * one error line.
   */
  clientError(error: unknown, what: string): void {
    if (isConnectionError(error)) this.failed(CLIENTS, error, what);
    else this.logger().error({ backend: this.backend, what, err: error }, `${this.backend}: ${what}: ${errorSummary(error)}`);
  }

  /** `source` connected again; with every failed source back, the outage is over. */
  recovered(source: unknown): void {
    // Client libraries say when they fail, not when they are back: a connection being ready is it.
    const clientsFailed = this.failing.delete(CLIENTS);
    if (!this.failing.delete(source) && !clientsFailed) return;
    if (this.failing.size > 0) return;
    this.logger().info({ backend: this.backend, outage: 'ended' }, `${this.backend} is reachable again`);
  }

  /** `source` is gone for good (closed): it no longer keeps the outage open. */
  forget(source: unknown): void {
    this.recovered(source);
  }

  private logger(): Logger {
    return (this.log ??= createLogger(this.options));
  }
}

/** A connection error in one line: its code and message, no stack (the cause is the network). */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}

/** Whether `error` says the connection failed (so it belongs to an outage), not a command. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/.test(code) || /Connection is closed|connect ETIMEDOUT|Stream isn't writeable/i.test(error.message);
}

/** The client libraries' errors, as one source: they end with the next connection that is ready. */
const CLIENTS = Symbol('client libraries');

export const redisOutage = new BackendOutage('Redis');

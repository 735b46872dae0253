import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import { redactPaths, redacted, scrubText, scrubUrl } from './redaction.js';

export interface LoggerOptions {
  /** LOG_LEVEL. */
  level: string;
  /** Pretty, short lines (pino-pretty) rather than JSON; by default when stdout is a terminal. */
  pretty?: boolean;
}

/** What a request's log lines say about it: never its headers, and its URL without secrets. */
function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: scrubUrl(request.url), host: request.host, remoteAddress: request.ip };
}

/** Errors keep type, message and stack, with any URL or token in them scrubbed. */
function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  return { ...serialized, message: scrubText(serialized.message ?? ''), stack: scrubText(serialized.stack ?? '') };
}

/**
 * The process's logger: JSON lines for log collectors, or pretty and short on a terminal;
 * secrets redacted (see redaction.ts) whichever way it writes.
 */
export function createLogger(options: LoggerOptions): Logger {
  const pretty = options.pretty ?? Boolean(process.stdout.isTTY);
  return pino({
    level: options.level,
    redact: { paths: redactPaths, censor: redacted },
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    ...(pretty && {
      transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } },
    }),
  });
}

/**
 * Says `message` at info whatever LOG_LEVEL is (unless `silent`): the line an operator looks for,
 * such as where the server listens, is shown even when only warnings are.
 */
export function announce(logger: Logger, message: string): void {
  if (logger.level === 'silent') return;
  const child = logger.child({});
  child.level = 'info';
  child.info(message);
}

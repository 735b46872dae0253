import type { FastifyReply, FastifyRequest } from 'fastify';

/** A request whose body did not arrive in its time: 408 in the interface's own error shape. */
export class BodyTimeoutError extends Error {
  readonly statusCode = 408;
  readonly code = 'ORATOR_BODY_TIMEOUT';
  constructor(seconds: number) {
    super(`The request body did not arrive within ${seconds} s; the connection is closed`);
  }
}

const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();
const timedOut = new WeakSet<FastifyRequest>();

/**
 * Starts the clock of a request's body: when it has not arrived whole within `ms`, the request
 * is answered 408 through the scope's error renderer with `Connection: close` (Node then closes
 * the connection after the answer), or, once an answer is out, its connection is closed. A body that trickles (a byte every few seconds) thus
 * holds a connection no longer than the route's limit.
 */
export function startBodyDeadline(request: FastifyRequest, reply: FastifyReply, ms: number): void {
  const timer = setTimeout(() => expire(request, reply, ms), ms);
  timer.unref();
  deadlines.set(request, timer);
  const stop = () => stopBodyDeadline(request);
  request.raw.once('end', stop);
  request.raw.once('close', stop);
}

/** The body arrived, or another bound (a refused body's drain) took over. */
export function stopBodyDeadline(request: FastifyRequest): void {
  const timer = deadlines.get(request);
  if (timer === undefined) return;
  clearTimeout(timer);
  deadlines.delete(request);
}

/** Whether the body's time ran out (its answer is the 408, not something to drain after). */
export function bodyTimedOut(request: FastifyRequest): boolean {
  return timedOut.has(request);
}

function expire(request: FastifyRequest, reply: FastifyReply, ms: number): void {
  deadlines.delete(request);
  // The whole body came in time and waits to be read (by a route that reads it late, or never):
  // the client was not slow.
  if (request.raw.complete) return;
  timedOut.add(request);
  const socket = request.raw.socket;
  if (reply.sent || reply.raw.headersSent) {
    socket?.destroy();
    return;
  }
  request.log.info({ limitSeconds: ms / 1000 }, 'request body too slow: answered 408, connection closed');
  // Whoever was still reading the body (a parser, a form reader) fails once the connection
  // closes, and tries to answer a request already answered: once the answer (and its access log
  // line) is out, only errors are worth logging for this request.
  reply.raw.once('finish', () => {
    const quiet = request.log.child({}, { level: 'error' });
    request.log = quiet;
    reply.log = quiet;
  });
  reply.header('connection', 'close');
  reply.send(new BodyTimeoutError(Math.round(ms / 1000)));
}

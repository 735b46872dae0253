import type { FastifyRequest } from 'fastify';
import { stopBodyDeadline } from './body-deadline.js';

/**
 * Reads and drops the rest of a body the request was answered without (refused before it was
 * read: 401, 403, 413, 429…), so the client reads the answer: closing a connection with unread
 * bytes makes the kernel reset it, and a client still sending (Node's fetch, Python's requests,
 * which sends the whole body before it reads) may then meet EPIPE or a reset instead of the
 * answer. The connection is kept (the answer says nothing of closing it), and closed only when
 * the rest is more than `maxBytes` or takes longer than `ms`; a body read to its end leaves the
 * connection usable for the next request.
 */
export function drainRefusedBody(request: FastifyRequest, maxBytes: number, ms: number): void {
  stopBodyDeadline(request);
  const raw = request.raw;
  const socket = raw.socket;
  let drained = 0;
  const cut = () => {
    request.log.debug({ drained }, 'refused body: draining stopped, connection closed');
    socket?.destroy();
  };
  const timer = setTimeout(cut, ms);
  timer.unref();
  // The request is answered: its body is ours to drop. A reader that gave up on it may have left
  // the stream paused under a 'readable' listener (an abandoned async iterator: the upload
  // route's format check), where resume() does nothing and the rest would stall in the socket,
  // behind the next request the client sends on this connection.
  raw.unpipe();
  raw.removeAllListeners('readable');
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > maxBytes) {
      clearTimeout(timer);
      cut();
    }
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

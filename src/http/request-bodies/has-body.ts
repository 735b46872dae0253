import type { IncomingMessage } from 'node:http';

/** Whether the request declares a body: a non-zero Content-Length, or chunked transfer. */
export function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

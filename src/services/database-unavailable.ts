// Owned by the services, which see the database's failures through the repositories and report
// them to every interface as "unavailable" (http/service-unavailable.ts): the HTTP layer asks
// here, never the store.

/**
 * True when an error says the database cannot be reached right now (connection refused, cut or
 * timed out, the server shutting down or starting up, out of connection slots), as opposed to a
 * fault in a query. Routes answer such errors 503 with Retry-After; the pool reconnects by itself
 * once the server is back, so nothing needs restarting.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception), 57P01–57P03 (admin shutdown, crash shutdown,
    // cannot connect now), 53300 (too many connections).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
    if (socketCodes.has(code)) return true;
  }
  return typeof message === 'string' && poolMessages.some((text) => message.includes(text));
}

const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** node-postgres reports a lost or unobtainable connection in words, without a code. */
const poolMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection closed',
];

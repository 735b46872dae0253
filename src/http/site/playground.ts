import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { playgroundCatalog } from './playground-catalog.js';
import { loadWebBundle, staticFile, type StaticFile } from './static-bundle.js';

/**
 * Nothing is fetched from elsewhere: scripts, styles and media come from this server only; media
 * may also be `blob:` (the streamed speech, downloads, recordings).
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "media-src 'self' blob: data: http: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

function sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding')
    // Names are not hashed: the browser keeps a copy and asks again each time (304 when unchanged).
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', contentSecurityPolicy)
    .header('referrer-policy', 'no-referrer');
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(gzip ? file.gzipped : file.body);
}

/**
 * The playground: `GET /` is the page, `GET /playground/<file>` its script, style and
 * `catalog.json`. The page talks to the interface's own routes with the key the user types.
 */
export function registerPlayground(app: FastifyInstance): void {
  const files = loadWebBundle();
  files.set('catalog.json', staticFile(Buffer.from(JSON.stringify(playgroundCatalog())), 'application/json; charset=utf-8'));
  app.get('/', async (request, reply) => {
    const page = files.get('index.html');
    if (!page) return reply.status(503).type('text/plain; charset=utf-8').send('The playground is not built: run `npm run build`.\n');
    return sendFile(request, reply, page);
  });
  app.get<{ Params: { file: string } }>('/playground/:file', async (request, reply) => {
    const file = request.params.file === 'index.html' ? undefined : files.get(request.params.file);
    if (!file) return reply.status(404).send({ detail: 'Not Found' });
    return sendFile(request, reply, file);
  });
}

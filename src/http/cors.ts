import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';

/** Request headers a page may send: the three ways of passing a key, and a JSON or form body's type. */
export const corsAllowedHeaders = ['X-API-KEY', 'Authorization', 'xi-api-key', 'Content-Type', 'Range'];

/**
 * Response headers a page may read beyond the CORS-safelisted ones: the audio's length, the
 * refusals' waiting hints (every 429 and 503 carries Retry-After; OpenAI's quota refusal adds
 * X-Should-Retry), a download's file name and a ranged answer's extent.
 */
export const corsExposedHeaders = ['X-Audio-Duration', 'Retry-After', 'X-Should-Retry', 'Content-Disposition', 'Content-Range', 'Accept-Ranges'];

/** Methods the interfaces use. */
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];

/**
 * Paths no page of another origin is let into whatever CORS_ORIGINS says: the admin API (its
 * token is an operator's, never a browser app's) and /metrics (scraped by Prometheus).
 */
function isOperatorPath(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/admin/') || url === '/admin' || url.startsWith('/metrics');
}

/**
 * CORS for browser apps on the origins of CORS_ORIGINS (or any, `*`), on every interface (current,
 * earlier, OpenAI, /files, previews, health, OpenAPI), not the operator's paths. @fastify/cors
 * answers a preflight in its root onRequest hook, which runs before any interface's key check:
 * a browser's preflight carries no credentials, so it must never meet one. A refusal (401, 429…)
 * carries the CORS headers too, so the page can read why. Unset, nothing is registered: no
 * Access-Control-* header anywhere, OPTIONS as before.
 */
export async function registerCors(app: FastifyInstance, config: Pick<Config, 'corsOrigins'>): Promise<void> {
  const origins = config.corsOrigins;
  if (origins === null) return;
  const open: FastifyCorsOptions = {
    origin: origins === '*' ? '*' : origins,
    methods,
    allowedHeaders: corsAllowedHeaders,
    exposedHeaders: corsExposedHeaders,
    // Keys travel in headers, never in cookies: no credentialed CORS.
    credentials: false,
    // A page's preflights are cached for 10 minutes (Chromium caps at 2 hours).
    maxAge: 600,
    // An OPTIONS without Origin or Access-Control-Request-Method is not a preflight: 400 then.
    strictPreflight: true,
  };
  const closed: FastifyCorsOptions = { origin: false };
  await app.register(cors, { delegator: (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void) => callback(null, isOperatorPath(request) ? closed : open) } as FastifyCorsOptions);
}

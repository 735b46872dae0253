import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { bodyTimedOut, startBodyDeadline } from './body-deadline.js';
import { drainRefusedBody } from './drain-refused-body.js';
import { hasBody } from './has-body.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route: its body has UPLOAD_BODY_TIMEOUT_SECONDS instead of BODY_TIMEOUT_SECONDS. */
    upload?: boolean;
  }
}

/**
 * The bounds every request body lives within, on every route of `app` (hooks of the root scope,
 * so they run before any interface's key check):
 * - time: the whole body within BODY_TIMEOUT_SECONDS of the request's headers (upload routes,
 *   `config: { upload: true }`: UPLOAD_BODY_TIMEOUT_SECONDS), else 408 and the connection closed;
 * - a body answered before it was read whole is drained (up to twice the route's size limit, for
 *   at most REFUSED_BODY_DRAIN_SECONDS) instead of cut, so every client reads the answer.
 */
export function limitRequestBodies(app: FastifyInstance, config: Pick<Config, 'bodyTimeoutMs' | 'uploadBodyTimeoutMs' | 'refusedBodyDrainMs'>): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (hasBody(request.raw)) startBodyDeadline(request, reply, request.routeOptions.config?.upload ? config.uploadBodyTimeoutMs : config.bodyTimeoutMs);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete && hasBody(request.raw) && !bodyTimedOut(request)) {
      // Fastify asks to close a connection whose body it refused unread (413); draining it
      // instead is what lets the client read this answer.
      reply.removeHeader('connection');
      drainRefusedBody(request, 2 * (request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024), config.refusedBodyDrainMs);
    }
    done(null, payload);
  });
}

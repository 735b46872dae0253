import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * Seconds since Fastify started the request's reply (taken right after routing, before the
 * onRequest hooks: it does so for every route that has an onResponse hook, as all have here).
 */
function secondsSince(reply: FastifyReply): number {
  return reply.elapsedTime / 1000;
}

/** The route pattern (`/v3/voices/:voice_id`), never the raw URL, so labels stay few; unmatched requests share one. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Hooks on the root instance (registered before every interface, so they see all routes):
 * requests and durations by method, route and status; for streamed answers, the time to the first
 * byte, taken when the first chunk is written.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  // Callback hooks rather than async ones, and none on onRequest (Fastify times the reply itself):
  // they run on every request, and each hook and async step is a measurable share of a light
  // request (bench:light-routes).
  app.addHook('onSend', (request, reply, payload, done) => {
    const streamed = payload !== null && typeof payload === 'object' && typeof (payload as { pipe?: unknown }).pipe === 'function';
    if (!streamed) return done(null, payload);
    const raw = reply.raw;
    const write = raw.write;
    raw.write = function (this: typeof raw, ...args: Parameters<typeof raw.write>) {
      raw.write = write;
      metrics.streamTtfb.observe({ route: routeOf(request) }, secondsSince(reply));
      return write.apply(this, args);
    } as typeof raw.write;
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, secondsSince(reply));
    done();
  });
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Services } from '../app/services.js';
import type { Metrics } from './metrics.js';
import { collectStoreGauges } from './store-gauges.js';

const loopback = /^(127\.\d+\.\d+\.\d+|::1|localhost|::ffff:127\.\d+\.\d+\.\d+)$/i;

/** Whether /metrics may be served at all: with a token always, without one only on a loopback bind. */
export function metricsExposed(host: string, token: string | null): boolean {
  return token !== null || loopback.test(host);
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `GET /metrics`, Prometheus text format. Off (404) on a public bind unless METRICS_TOKEN is set;
 * with the token, `Authorization: Bearer <token>` is required (401 otherwise) wherever it binds.
 */
export function registerMetricsRoute(app: FastifyInstance, services: Services, metrics: Metrics): void {
  serveRegistry(app, services.config, metrics.registry, () => collectStoreGauges(services, metrics));
}

/** `GET /metrics` of one registry, under the rules above; `collect` runs before each scrape. */
export function serveRegistry(app: FastifyInstance, config: Pick<Services['config'], 'host' | 'metricsToken'>, registry: Registry, collect?: () => Promise<void>): void {
  const { host, metricsToken } = config;
  if (!metricsExposed(host, metricsToken)) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (metricsToken !== null) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!bearer || !sameSecret(bearer[1], metricsToken)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ detail: 'A valid metrics token is required' });
      }
    }
    await collect?.();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
}

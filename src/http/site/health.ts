import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { ReadinessProbe } from '../../health/readiness.js';
import { warmingDetail, type WarmingState } from '../../health/warming.js';

/**
 * Probes for load balancers and orchestrators, served by every role: `/health` and `/healthz`
 * (alive: 200 while the process runs), `/readyz` (200 when the database, and Redis and S3 when
 * configured, answer, with a `warning` when Redis does not persist; 503 `{detail}` naming what
 * does not). While `warming` (serve.ts: listening, the threads not warm yet) `/readyz` is 503
 * `{detail: "warming: …"}` before anything is probed.
 */
export function registerHealth(app: FastifyInstance, services: Pick<Services, 'config' | 'store' | 'blobs'>, warming?: WarmingState): void {
  const probe = new ReadinessProbe(services);
  app.addHook('onClose', () => probe.close());
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (warming?.warming) return reply.status(503).send({ detail: warmingDetail });
    const readiness = await probe.check();
    if (readiness.ready) return readiness.warning ? { status: 'ready', warning: readiness.warning } : { status: 'ready' };
    return reply.status(503).send({ detail: readiness.reason });
  });
}

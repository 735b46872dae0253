import type { FastifyInstance } from 'fastify';

/** Liveness for load balancers and the CI smoke test. */
export function registerHealth(app: FastifyInstance): void {
  app.get('/health', async () => ({ status: 'ok' }));
}

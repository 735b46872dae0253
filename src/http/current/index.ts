import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';

/**
 * The current interface (`X-API-KEY`; `/v1`, `/v2`, `/v3`), registered in its own scope so its
 * error renderer (`{detail}`, FastAPI's 422 shape) applies to its routes only.
 */
export async function registerCurrentInterface(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    void scope;
    void services;
  });
}

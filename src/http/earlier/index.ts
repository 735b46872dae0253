import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';

/**
 * The earlier interface (`Authorization: Bearer`; `/api`, `/files`), registered in its own scope
 * so its error renderer (`{message: {msg, error_code}}`) applies to its routes only.
 */
export async function registerEarlierInterface(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    void scope;
    void services;
  });
}

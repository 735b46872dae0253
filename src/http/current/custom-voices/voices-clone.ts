import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { instantCloneHandler, instantCloneOptions } from './instant-clone.js';

/** `POST /v1/voices/clone` (deprecated): the instant clone under its first address, same form and answers. */
export function registerVoicesClone(app: FastifyInstance, services: Services): void {
  app.post('/v1/voices/clone', instantCloneOptions(services, 'Clone a voice from a sample (deprecated: use /v1/custom-voices/instant-clone)', true), instantCloneHandler(services));
}

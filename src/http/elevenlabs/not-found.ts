import type { FastifyInstance } from 'fastify';
import { onSharedPath } from './credential-constraint.js';
import { elevenLabsErrors } from './elevenlabs-error.js';

/**
 * A request with `xi-api-key` to a `/v1` or `/v2` path no route has (an ElevenLabs feature Orator
 * does not offer) is ElevenLabs' 404 `not_found`, after its key is checked, instead of the Typecast
 * interface's 404 handler, which asks for X-API-KEY first. The catch-alls have the router's
 * lowest priority, and answer only requests carrying that key.
 */
export function registerNotFound(app: FastifyInstance): void {
  for (const prefix of ['/v1', '/v2']) {
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${prefix}/*`,
      ...onSharedPath,
      exposeHeadRoute: false,
      schema: { hide: true },
      handler: async (request) => {
        throw elevenLabsErrors.notFound('not_found', `${request.method} ${request.url.split('?')[0]} is not offered by this server (docs/elevenlabs.md lists what is).`);
      },
    });
  }
}

import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { elevenLabsAccountOf } from './authenticate.js';
import { onSharedPath } from './credential-constraint.js';

/** `DELETE /v1/voices/{voice_id}` (xi-api-key; Typecast's route answers X-API-KEY): removes one of the account's custom voices. */
export function registerDeleteVoice(app: FastifyInstance, services: Services): void {
  app.delete<{ Params: { voice_id: string } }>('/v1/voices/:voice_id', { ...onSharedPath, schema: { hide: true } }, async (request) => {
    await services.customVoices.delete(elevenLabsAccountOf(request).uid, request.params.voice_id);
    return { status: 'ok' };
  });
}

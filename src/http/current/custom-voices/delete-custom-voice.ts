import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Services } from '../../../app/services.js';
import { accountOf } from '../authenticate.js';
import { security } from '../schemas/common.js';
import { answering } from './custom-voice-errors.js';
import { documentedErrors } from './form-route.js';
import { VoiceIdParams, type VoiceIdParamsValue } from './shapes.js';

type DeleteRequest = FastifyRequest<{ Params: VoiceIdParamsValue }>;

/** Options shared with `DELETE /v1/voices/{voice_id}`. */
export function deleteVoiceOptions(summary: string): RouteShorthandOptions {
  return {
    schema: {
      summary,
      description: 'Removes the voice, its profile and its stored upload, and frees its slot at once. 204 with an empty body; then 404.',
      tags: ['custom-voices'],
      security,
      params: VoiceIdParams,
      response: {
        204: { type: 'null', description: 'Deleted' },
        ...documentedErrors({ 401: 'Missing or invalid X-API-KEY', 404: 'Unknown, already deleted or another account\'s voice' }, { noInput: true }),
      },
    },
  };
}

export function deleteVoiceHandler(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply) =>
    answering(async () => {
      await services.customVoices.delete(accountOf(request).uid, (request as DeleteRequest).params.voice_id);
      return reply.status(204).send();
    });
}

/** `DELETE /v1/custom-voices/{voice_id}`. */
export function registerDeleteCustomVoice(app: FastifyInstance, services: Services): void {
  app.delete('/v1/custom-voices/:voice_id', deleteVoiceOptions('Delete a custom voice'), deleteVoiceHandler(services));
}

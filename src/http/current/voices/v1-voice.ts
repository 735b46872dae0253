import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { errors } from '../../api-error.js';
import { signedInOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { V1Query, V1Voice, VoiceIdParams } from '../schemas/voices.js';
import { v1Voices } from './voice-shapes.js';

/** `GET /v1/voices/{voice_id}` (deprecated): an array, one entry per model of the voice. */
export function registerV1Voice(app: FastifyInstance, services: Services): void {
  app.get<{ Params: Static<typeof VoiceIdParams>; Querystring: Static<typeof V1Query> }>(
    '/v1/voices/:voice_id',
    {
      schema: {
        summary: 'Get a voice by model (deprecated)',
        description: 'Answers an array: one entry per model of the voice (only `model` when given).',
        tags: ['voices'],
        deprecated: true,
        security,
        params: VoiceIdParams,
        querystring: V1Query,
        response: { 200: Type.Array(V1Voice), ...errorResponses([401, 404]) },
      },
    },
    async (request) => {
      const { account, voicesVersion } = signedInOf(request);
      const entry = await services.voiceCatalog.find(account.uid, request.params.voice_id, voicesVersion);
      const shaped = entry ? v1Voices(entry, request.query.model) : [];
      if (shaped.length === 0) throw errors.notFound(`Voice not found: ${request.params.voice_id}`);
      return shaped;
    },
  );
}

import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { signedInOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { V1Query, V1Voice } from '../schemas/voices.js';
import { v1Voices } from './voice-shapes.js';

/** `GET /v1/voices` (deprecated): one entry per voice and model; `model` keeps that model only. */
export function registerV1Voices(app: FastifyInstance, services: Services): void {
  app.get<{ Querystring: Static<typeof V1Query> }>(
    '/v1/voices',
    {
      schema: {
        summary: 'List voices by model (deprecated)',
        tags: ['voices'],
        deprecated: true,
        security,
        querystring: V1Query,
        response: { 200: Type.Array(V1Voice), ...errorResponses([401]) },
      },
    },
    async (request) => {
      const { account, voicesVersion } = signedInOf(request);
      const entries = await services.voiceCatalog.list(account.uid, voicesVersion);
      return entries.flatMap((e) => v1Voices(e, request.query.model));
    },
  );
}

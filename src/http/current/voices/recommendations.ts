import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { recommendVoices } from '../../../services/voices/voice-catalog-recommend.js';
import { signedInOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { RecommendationQuery, RecommendedVoice } from '../schemas/voices.js';

/** `GET /v1/voices/recommendations?query=&count=`: voices for a description, best first. */
export function registerRecommendations(app: FastifyInstance, services: Services): void {
  app.get<{ Querystring: Static<typeof RecommendationQuery> }>(
    '/v1/voices/recommendations',
    {
      schema: {
        summary: 'Recommend voices for a description',
        description: 'Scores how many words of the query a voice answers through its name, use cases, style, gender, age and language.',
        tags: ['voices'],
        security,
        querystring: RecommendationQuery,
        response: { 200: Type.Array(RecommendedVoice), ...errorResponses([401]) },
      },
    },
    async (request) => {
      const { account, voicesVersion } = signedInOf(request);
      const entries = await services.voiceCatalog.list(account.uid, voicesVersion);
      return recommendVoices(entries, request.query.query, request.query.count ?? 5).map(({ entry, score }) => ({
        voice_id: entry.voiceId,
        voice_name: entry.name.eng,
        score,
      }));
    },
  );
}

import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { filterAny } from '../../../services/voices/voice-catalog-filters.js';
import type { VoiceEntry } from '../../../services/voices/voice-catalog.js';
import { signedInOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { V2Query, V2Voice } from '../schemas/voices.js';
import { JsonListCache, sendListing } from './json-list-cache.js';
import { v2Voice } from './voice-shapes.js';

/**
 * `GET /v2/voices` (deprecated): a voice is listed when it supports the model OR matches the
 * gender, age, use case or type, as the interface document words it.
 */
export function registerV2Voices(app: FastifyInstance, services: Services): void {
  const cache = new JsonListCache();
  app.get<{ Querystring: Static<typeof V2Query> }>(
    '/v2/voices',
    {
      schema: {
        summary: 'List voices (deprecated)',
        description: 'Filters combine with OR. use_cases must be one label of the enumeration. voice_id narrows the list to that one voice (or none).',
        tags: ['voices'],
        deprecated: true,
        security,
        querystring: V2Query,
        response: { 200: Type.Array(V2Voice), ...errorResponses([401]) },
      },
    },
    async (request, reply) => {
      const { voice_id, model, gender, age, use_cases, voice_type } = request.query;
      const filter = { model, gender, age, useCases: use_cases, voiceType: voice_type };
      const { account, voicesVersion } = signedInOf(request);
      if (voice_id !== undefined) {
        // One voice asked for by id: that voice when it exists and passes the other filters, else [].
        const entry = await services.voiceCatalog.find(account.uid, voice_id, voicesVersion);
        return filterAny(entry ? [entry] : [], filter).map(v2Voice);
      }
      const parts = await services.voiceCatalog.listByKind(account.uid, voicesVersion);
      // OR keeps or drops each voice on its own, so the two parts can be filtered apart.
      const shape = (list: readonly VoiceEntry[]) => filterAny(list, filter).map(v2Voice);
      return sendListing(request, reply, cache.get(JSON.stringify(filter), parts, shape));
    },
  );
}

import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { filterAll } from '../../../services/voices/voice-catalog-filters.js';
import type { VoiceEntry } from '../../../services/voices/voice-catalog.js';
import { signedInOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { V3Query, V3Voice } from '../schemas/voices.js';
import { JsonListCache, sendListing } from './json-list-cache.js';
import { v3Voice } from './voice-shapes.js';

/** `GET /v3/voices`: the account's completed custom voices first, then built-ins; filters combine with AND. */
export function registerV3Voices(app: FastifyInstance, services: Services): void {
  const cache = new JsonListCache();
  app.get<{ Querystring: Static<typeof V3Query> }>(
    '/v3/voices',
    {
      schema: {
        summary: 'List voices',
        description: 'Custom voices (completed only) first, then built-in voices. Filters combine with AND; use_cases is a keyword.',
        tags: ['voices'],
        security,
        querystring: V3Query,
        response: { 200: Type.Array(V3Voice), ...errorResponses([401]) },
      },
    },
    // Not async: when the account's custom voices are cached, the listing goes out in the same
    // tick, without the promise and microtask turns an async handler costs (bench/light-routes.ts).
    (request, reply) => {
      const { model, gender, age, use_cases, voice_type } = request.query;
      const filter = { model, gender, age, useCases: use_cases, voiceType: voice_type };
      const { account, voicesVersion } = signedInOf(request);
      const publicUrl = services.config.publicUrl;
      const shape = (list: readonly VoiceEntry[]) => filterAll(list, filter).map((e) => v3Voice(e, publicUrl));
      // Most listings have no filter: their key is the same string every time, without JSON.stringify.
      const filterKey = model === undefined && gender === undefined && age === undefined && use_cases === undefined && voice_type === undefined ? '{}' : JSON.stringify(filter);
      const answer = (parts: Parameters<typeof cache.get>[1]): void => void sendListing(request, reply, cache.get(`${publicUrl}\u0000${filterKey}`, parts, shape));
      const kept = services.voiceCatalog.listByKindKept(account.uid, voicesVersion);
      if (kept !== undefined) return answer(kept);
      return services.voiceCatalog.listByKind(account.uid, voicesVersion).then(answer);
    },
  );
}

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { elevenLabsSignInOf } from './authenticate.js';
import { onSharedPath } from './credential-constraint.js';
import { elevenLabsErrors } from './elevenlabs-error.js';
import { elevenLabsVoice } from './voice-shape.js';
import { offsetOfToken, pageTokenOf, searchVoices } from './voice-search.js';

/** ElevenLabs' page size when none is asked, and its largest. */
const defaultPageSize = 10;
const maxPageSize = 100;

const SearchQuery = Type.Object({
  next_page_token: Type.Optional(Type.String({ maxLength: 100 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: maxPageSize })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(Type.Unsafe<'name' | 'created_at_unix'>({ type: 'string', enum: ['name', 'created_at_unix'] })),
  sort_direction: Type.Optional(Type.Unsafe<'asc' | 'desc'>({ type: 'string', enum: ['asc', 'desc'] })),
  voice_type: Type.Optional(Type.String({ maxLength: 32 })),
  category: Type.Optional(Type.String({ maxLength: 32 })),
  gender: Type.Optional(Type.String({ maxLength: 32 })),
  age: Type.Optional(Type.String({ maxLength: 32 })),
  language: Type.Optional(Type.String({ maxLength: 16 })),
  voice_ids: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
  include_total_count: Type.Optional(Type.Boolean()),
});

/**
 * `GET /v2/voices` (xi-api-key; Typecast's deprecated route answers X-API-KEY): the voices
 * search, a page at a time (`page_size`, `next_page_token`), `has_more` and `total_count`.
 * Filters other ElevenLabs parameters name (accent, use_cases, fine_tuning_state…) are accepted
 * and ignored.
 */
export function registerVoicesSearch(app: FastifyInstance, services: Services): void {
  app.get<{ Querystring: Static<typeof SearchQuery> }>('/v2/voices', { ...onSharedPath, schema: { querystring: SearchQuery, hide: true } }, async (request) => {
    const query = request.query;
    const offset = query.next_page_token === undefined ? 0 : offsetOfToken(query.next_page_token);
    if (offset === null) throw elevenLabsErrors.invalid('invalid_page_token', 'next_page_token is not a token this server gave.');
    const { account, voicesVersion } = elevenLabsSignInOf(request);
    const entries = await services.voiceCatalog.list(account.uid, voicesVersion);
    const found = searchVoices(
      entries.map((entry) => elevenLabsVoice(entry, services.config.publicUrl)),
      {
        search: query.search,
        category: query.category,
        voiceType: query.voice_type,
        gender: query.gender,
        age: query.age,
        language: query.language,
        voiceIds: query.voice_ids,
        sort: query.sort,
        sortDirection: query.sort_direction,
      },
    );
    const size = query.page_size ?? defaultPageSize;
    const end = offset + size;
    const hasMore = end < found.length;
    return {
      voices: found.slice(offset, end),
      has_more: hasMore,
      total_count: found.length,
      ...(hasMore && { next_page_token: pageTokenOf(end) }),
    };
  });
}

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsAccountOf } from '../authenticate.js';
import { metadataShape } from './dictionary-shapes.js';

const Query = Type.Object({
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$' })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  include_archived: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.String({ maxLength: 40 })),
  sort_direction: Type.Optional(Type.String({ maxLength: 10 })),
});

/**
 * `GET /v1/pronunciation-dictionaries`: the account's dictionaries, oldest first, a page at a
 * time (`cursor` is where the next page starts). `sort` is accepted; the order is creation.
 */
export function registerListDictionaries(app: FastifyInstance, services: Services): void {
  app.get<{ Querystring: Static<typeof Query> }>('/v1/pronunciation-dictionaries', { schema: { querystring: Query, hide: true } }, async (request) => {
    const all = await services.pronunciationDictionaries.list(elevenLabsAccountOf(request).uid, request.query.include_archived ?? false);
    const from = Number(request.query.cursor ?? 0);
    const size = request.query.page_size ?? 30;
    const page = all.slice(from, from + size);
    const more = from + size < all.length;
    return { pronunciation_dictionaries: page.map(metadataShape), next_cursor: more ? String(from + size) : null, has_more: more };
  });
}

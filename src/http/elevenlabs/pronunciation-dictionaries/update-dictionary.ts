import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsAccountOf } from '../authenticate.js';
import { DictionaryParams, metadataShape, type DictionaryParamsValue } from './dictionary-shapes.js';

const Body = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  archived: Type.Optional(Type.Boolean()),
  default: Type.Optional(Type.Boolean()),
});

/**
 * `PATCH /v1/pronunciation-dictionaries/{id}`: name and archived (ElevenLabs' fields) and
 * `default` (Orator's: the dictionary applies to every synthesis of the account). No new version.
 */
export function registerUpdateDictionary(app: FastifyInstance, services: Services): void {
  app.patch<{ Params: DictionaryParamsValue; Body: Static<typeof Body> }>(
    '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id',
    { schema: { params: DictionaryParams, body: Body, hide: true } },
    async (request) => {
      const { name, archived } = request.body;
      const updated = await services.pronunciationDictionaries.update(elevenLabsAccountOf(request).uid, request.params.pronunciation_dictionary_id, { name, archived, isDefault: request.body.default });
      return metadataShape(updated);
    },
  );
}

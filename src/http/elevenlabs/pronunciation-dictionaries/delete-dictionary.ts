import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsAccountOf } from '../authenticate.js';
import { DictionaryParams, type DictionaryParamsValue } from './dictionary-shapes.js';

/** `DELETE /v1/pronunciation-dictionaries/{id}`: the dictionary and all its versions. */
export function registerDeleteDictionary(app: FastifyInstance, services: Services): void {
  app.delete<{ Params: DictionaryParamsValue }>('/v1/pronunciation-dictionaries/:pronunciation_dictionary_id', { schema: { params: DictionaryParams, hide: true } }, async (request) => {
    await services.pronunciationDictionaries.delete(elevenLabsAccountOf(request).uid, request.params.pronunciation_dictionary_id);
    return { status: 'ok' };
  });
}

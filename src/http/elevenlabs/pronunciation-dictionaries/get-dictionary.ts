import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsAccountOf } from '../authenticate.js';
import { DictionaryParams, withRulesShape, type DictionaryParamsValue } from './dictionary-shapes.js';

/** `GET /v1/pronunciation-dictionaries/{id}`: the dictionary and the rules of its latest version. */
export function registerGetDictionary(app: FastifyInstance, services: Services): void {
  app.get<{ Params: DictionaryParamsValue }>('/v1/pronunciation-dictionaries/:pronunciation_dictionary_id', { schema: { params: DictionaryParams, hide: true } }, async (request) => {
    return withRulesShape(await services.pronunciationDictionaries.get(elevenLabsAccountOf(request).uid, request.params.pronunciation_dictionary_id));
  });
}

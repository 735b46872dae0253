import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsSignInOf } from '../authenticate.js';
import { DictionaryParams, rulesChangedShape, type DictionaryParamsValue } from './dictionary-shapes.js';

const Body = Type.Object({ rule_strings: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 10_000 }) });

/** `POST /v1/pronunciation-dictionaries/{id}/remove-rules`: a new version without the rules of these strings. */
export function registerRemoveRules(app: FastifyInstance, services: Services): void {
  app.post<{ Params: DictionaryParamsValue; Body: Static<typeof Body> }>(
    '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/remove-rules',
    { schema: { params: DictionaryParams, body: Body, hide: true } },
    async (request) => {
      const { account, plan } = elevenLabsSignInOf(request);
      return rulesChangedShape(await services.pronunciationDictionaries.removeRules(account.uid, plan.name, request.params.pronunciation_dictionary_id, request.body.rule_strings));
    },
  );
}

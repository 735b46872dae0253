import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsSignInOf } from '../authenticate.js';
import { DictionaryParams, ruleOf, RulesBody, rulesChangedShape, type DictionaryParamsValue } from './dictionary-shapes.js';

const Body = Type.Object({ rules: RulesBody });

/** `POST /v1/pronunciation-dictionaries/{id}/add-rules`: a new version with these rules (one for a string already there replaces it). */
export function registerAddRules(app: FastifyInstance, services: Services): void {
  app.post<{ Params: DictionaryParamsValue; Body: Static<typeof Body> }>(
    '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/add-rules',
    { schema: { params: DictionaryParams, body: Body, hide: true } },
    async (request) => {
      const { account, plan } = elevenLabsSignInOf(request);
      return rulesChangedShape(await services.pronunciationDictionaries.addRules(account.uid, plan.name, request.params.pronunciation_dictionary_id, request.body.rules.map(ruleOf)));
    },
  );
}

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import { elevenLabsSignInOf } from '../authenticate.js';
import { addedShape, ruleOf, RulesBody } from './dictionary-shapes.js';

const Body = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  rules: RulesBody,
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  workspace_access: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
});

/** `POST /v1/pronunciation-dictionaries/add-from-rules`: a new dictionary, its first version holding these rules. */
export function registerAddFromRules(app: FastifyInstance, services: Services): void {
  app.post<{ Body: Static<typeof Body> }>('/v1/pronunciation-dictionaries/add-from-rules', { schema: { body: Body, hide: true } }, async (request) => {
    const { account, plan } = elevenLabsSignInOf(request);
    const { name, description, rules } = request.body;
    return addedShape(await services.pronunciationDictionaries.create(account.uid, plan.name, { name, description: description ?? null }, rules.map(ruleOf)));
  });
}

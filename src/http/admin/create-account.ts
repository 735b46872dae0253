import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { AccountSummary, accountSummary, adminErrors, security, tags } from './shapes.js';

const Body = Type.Object(
  {
    plan: Type.String({ description: 'A plan name (free, lite, plus, custom, or one an operator added)' }),
    email: Type.Optional(Type.Union([Type.String({ maxLength: 320 }), Type.Null()])),
    name: Type.Optional(Type.String({ maxLength: 200, description: 'Full name' })),
  },
  { additionalProperties: false },
);

/** `POST /admin/v1/accounts`: a new account; its API key and Bearer token appear in this answer only. */
export function registerCreateAccount(admin: FastifyInstance, services: Services): void {
  admin.post<{ Body: Static<typeof Body> }>(
    '/accounts',
    {
      schema: {
        summary: 'Create an account (its key and token are shown only in this answer)',
        tags,
        security,
        body: Body,
        response: { 201: Type.Object({ account: AccountSummary, api_key: Type.String(), api_token: Type.String() }), ...adminErrors(422) },
      },
    },
    async (request, reply) => {
      const created = await services.accounts.createAccount({ plan: request.body.plan, email: request.body.email ?? null, name: request.body.name, by: 'admin-api' });
      return reply.status(201).send({ account: accountSummary(created.account), api_key: created.apiKey, api_token: created.apiToken });
    },
  );
}

import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { AccountDetail, accountDetail, adminErrors, security, tags, UidParams } from './shapes.js';

const Body = Type.Object({ plan: Type.String() }, { additionalProperties: false });

/** `PUT /admin/v1/accounts/{uid}/plan`: moves the account to another plan. */
export function registerSetPlan(admin: FastifyInstance, services: Services): void {
  admin.put<{ Params: { uid: string }; Body: Static<typeof Body> }>(
    '/accounts/:uid/plan',
    { schema: { summary: "Change an account's plan", tags, security, params: UidParams, body: Body, response: { 200: AccountDetail, ...adminErrors(404, 422) } } },
    async (request) => {
      await services.accounts.setPlan(request.params.uid, request.body.plan, 'admin-api');
      return accountDetail(await services.accounts.overview(request.params.uid));
    },
  );
}

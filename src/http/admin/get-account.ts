import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { AccountDetail, accountDetail, adminErrors, security, tags, UidParams } from './shapes.js';

/** `GET /admin/v1/accounts/{uid}`: one account with its usage this period and its next renewal. */
export function registerGetAccount(admin: FastifyInstance, services: Services): void {
  admin.get<{ Params: { uid: string } }>(
    '/accounts/:uid',
    { schema: { summary: 'Show an account with its usage and billing period', tags, security, params: UidParams, response: { 200: AccountDetail, ...adminErrors(404) } } },
    async (request) => accountDetail(await services.accounts.overview(request.params.uid)),
  );
}

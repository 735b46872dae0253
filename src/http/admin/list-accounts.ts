import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { AccountSummary, accountSummary, adminErrors, security, tags } from './shapes.js';

/** `GET /admin/v1/accounts`: every account, oldest first. */
export function registerListAccounts(admin: FastifyInstance, services: Services): void {
  admin.get(
    '/accounts',
    { schema: { summary: 'List accounts', tags, security, response: { 200: Type.Object({ accounts: Type.Array(AccountSummary) }), ...adminErrors() } } },
    async () => ({ accounts: (await services.accounts.list()).map(accountSummary) }),
  );
}

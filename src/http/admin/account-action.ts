import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Account } from '../../services/accounts/account.js';
import { AccountDetail, accountDetail, adminErrors, security, tags, UidParams } from './shapes.js';

/** One `POST /admin/v1/accounts/{uid}/<action>` without a body that answers the account as it is after. */
export function registerAccountAction(admin: FastifyInstance, services: Services, action: string, summary: string, run: (uid: string) => Promise<Account>): void {
  admin.post<{ Params: { uid: string } }>(
    `/accounts/:uid/${action}`,
    { schema: { summary, tags, security, params: UidParams, response: { 200: AccountDetail, ...adminErrors(404) } } },
    async (request) => {
      await run(request.params.uid);
      return accountDetail(await services.accounts.overview(request.params.uid));
    },
  );
}

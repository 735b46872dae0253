import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { caller } from './auth.js';
import { billingPeriod } from '../billing-period.js';

/**
 * `GET /api/me`. `api_token` is the Bearer token itself (stored encrypted with the server key,
 * so it can be shown); `callback_url` is null when none is registered; `period` is Orator's
 * addition: the billing period and its next renewal.
 */
export function registerMe(api: FastifyInstance, services: Services): void {
  api.get('/me', async (request) => {
    const { account, plan } = caller(request);
    return {
      result: {
        uid: account.uid,
        username: account.username,
        fullname: account.fullname,
        email: account.email ?? '',
        enable_api: account.enableApi,
        api_token: await services.accounts.getApiToken(account.uid),
        callback_url: account.callbackUrl,
        // Orator's addition: the billing period (when the plan's credits renew next).
        period: billingPeriod(services.accounts.periodOf(account, plan)),
      },
    };
  });
}

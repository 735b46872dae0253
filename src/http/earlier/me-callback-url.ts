import type { FastifyInstance } from 'fastify';
import type { Services } from '../../app/services.js';
import { AccountServiceError } from '../../services/accounts/errors.js';
import { ApiError } from '../api-error.js';
import { caller } from './auth.js';
import { objectBody } from './body-fields.js';

const missing = () => new ApiError(400, 'app/param/not-enough/callback_url', 'callback_url is required');
const invalid = (msg: string) => new ApiError(400, 'app/invalid/callback_url', msg);

/**
 * `PUT /api/me/callback-url` `{callback_url}`: an absolute http(s) URL of at most 2048
 * characters. `null` removes the registration (ours: the document gives no way to). A URL whose
 * form delivery would refuse (an address that is loopback, private or reserved, in any spelling;
 * a `localhost` name) is refused here too; a name's addresses are checked at each delivery.
 * OWNER_CHANGES_PER_HOUR changes an hour (each is an audit row), then 429
 * `app/too-many-requests` with Retry-After.
 */
export function registerMeCallbackUrl(api: FastifyInstance, services: Services): void {
  api.put('/me/callback-url', async (request) => {
    const body = objectBody(request.body);
    if (!('callback_url' in body)) throw missing();
    const value = body.callback_url;
    if (value !== null && typeof value !== 'string') throw invalid('callback_url must be a URL string');
    try {
      const account = await services.accounts.setCallbackUrl(caller(request).account.uid, value);
      return { result: { callback_url: account.callbackUrl } };
    } catch (error) {
      if (error instanceof AccountServiceError && error.code === 'invalid_value') throw invalid(error.message);
      if (error instanceof AccountServiceError && error.code === 'rate_limited') throw new ApiError(429, 'app/too-many-requests', error.message, { 'retry-after': String(error.retryAfterSeconds ?? 1) });
      throw error;
    }
  });
}

import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Account } from '../../services/accounts/account.js';
import { errors } from '../api-error.js';

const accounts = new WeakMap<FastifyRequest, Account>();

/**
 * onRequest hook of the current interface: the `X-API-KEY` header must name an account, before
 * the body is read or anything else is looked at. 401 `{detail}` otherwise.
 */
export function apiKeyAuthentication(services: Services) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers['x-api-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw errors.unauthorized('Missing API key: send it in the X-API-KEY header');
    const account = await services.accounts.findByApiKey(key);
    if (!account) throw errors.unauthorized('Invalid API key');
    if (account.disabledAt !== null) throw errors.forbidden('This account is disabled; ask the operator to enable it', 'auth/account-disabled');
    accounts.set(request, account);
  };
}

/** The account the request authenticated as; only inside the current interface's routes. */
export function accountOf(request: FastifyRequest): Account {
  const account = accounts.get(request);
  if (!account) throw errors.unauthorized();
  return account;
}

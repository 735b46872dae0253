import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Account } from '../../services/accounts/account.js';
import type { SignedIn } from '../../services/accounts/account-service.js';
import { errors } from '../api-error.js';

const signIns = new WeakMap<FastifyRequest, SignedIn>();

/**
 * onRequest hook of the current interface: the `X-API-KEY` header must name an account, before
 * the body is read or anything else is looked at. 401 `{detail}` otherwise. The account, its plan
 * and its voices version come from one fresh read (never a cache), kept for the route.
 */
export function apiKeyAuthentication(services: Services) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers['x-api-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) throw errors.unauthorized('Missing API key: send it in the X-API-KEY header');
    const signedIn = await services.accounts.signInWithApiKey(key);
    if (!signedIn) throw errors.unauthorized('Invalid API key');
    if (signedIn.account.disabledAt !== null) throw errors.forbidden('This account is disabled; ask the operator to enable it', 'auth/account-disabled');
    signIns.set(request, signedIn);
  };
}

/** Who the request signed in as (account, plan, voices version); only inside the current interface's routes. */
export function signedInOf(request: FastifyRequest): SignedIn {
  const signedIn = signIns.get(request);
  if (!signedIn) throw errors.unauthorized();
  return signedIn;
}

/** The account the request authenticated as; only inside the current interface's routes. */
export function accountOf(request: FastifyRequest): Account {
  return signedInOf(request).account;
}

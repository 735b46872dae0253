import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Account } from '../../services/accounts/account.js';
import type { Plan } from '../../services/accounts/plan.js';
import { errors } from '../api-error.js';

export interface EarlierCaller {
  account: Account;
  plan: Plan;
}

const callers = new WeakMap<FastifyRequest, EarlierCaller>();

/** `Authorization: Bearer <api_token>` → the account, or null; the account needs `enable_api`. */
export async function callerOf(request: FastifyRequest, services: Services): Promise<EarlierCaller | null> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  if (!match) return null;
  const found = await services.accounts.signInWithApiToken(match[1]);
  return found && found.account.enableApi ? found : null;
}

/** onRequest hook of `/api`: every route needs a valid token, before its body is even read. */
export function requireBearer(services: Services) {
  return async (request: FastifyRequest) => {
    const caller = await callerOf(request, services);
    if (!caller) throw errors.unauthorized('Authorization header value invalid');
    if (caller.account.disabledAt !== null) throw errors.forbidden('This account is disabled; ask the operator to enable it', 'auth/account-disabled');
    callers.set(request, caller);
  };
}

/** The caller the hook let through. */
export function caller(request: FastifyRequest): EarlierCaller {
  const found = callers.get(request);
  if (!found) throw errors.unauthorized();
  return found;
}

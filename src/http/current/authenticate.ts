import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Account } from '../../services/accounts/account.js';
import type { SignedIn } from '../../services/accounts/account-service.js';
import { errors } from '../api-error.js';

const signIns = new WeakMap<FastifyRequest, SignedIn>();

/**
 * onRequest hook of the current interface: the `X-API-KEY` header must name an account, before
 * the body is read or anything else is looked at. 401 `{detail}` otherwise. The account, its plan
 * and its voices version come from one fresh read, kept for the route (on SQLite the read is kept
 * until the next write to the database, which is as fresh: see ReadUntilWrite).
 *
 * A callback hook rather than an async one: when the sign-in is kept (most requests), the request
 * goes on in the same tick, without the promises and microtask turns of an async chain, which
 * were a measurable part of a light route (bench/light-routes.ts).
 */
export function apiKeyAuthentication(services: Services) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const header = request.headers['x-api-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) return done(errors.unauthorized('Missing API key: send it in the X-API-KEY header'));
    const kept = services.accounts.keptSignInWithApiKey(key);
    if (kept !== undefined) return admit(request, kept, done);
    services.accounts.signInWithApiKey(key).then((signedIn) => admit(request, signedIn, done), done);
  };
}

function admit(request: FastifyRequest, signedIn: SignedIn | null, done: HookHandlerDoneFunction): void {
  if (!signedIn) return done(errors.unauthorized('Invalid API key'));
  if (signedIn.account.disabledAt !== null) return done(errors.forbidden('This account is disabled; ask the operator to enable it', 'auth/account-disabled'));
  signIns.set(request, signedIn);
  done();
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

import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Account } from '../../services/accounts/account.js';
import type { SignedIn } from '../../services/accounts/account-service.js';
import { errors } from '../api-error.js';

/**
 * Where the sign-in is kept on the request: a property every request of the interface is made
 * with (Fastify's request decoration), rather than a WeakMap keyed by the request, whose insert
 * (an ephemeron for the collector to trace) costs every signed-in request more (bench/light-routes.ts).
 */
const signInSlot = Symbol('signedIn');
type WithSignIn = FastifyRequest & { [signInSlot]: SignedIn | null };

/** Makes every request of `api` with an empty sign-in slot, and signs them in before anything else (see apiKeyAuthentication). */
export function requireApiKey(api: FastifyInstance, services: Services): void {
  api.decorateRequest(signInSlot as unknown as string, null);
  api.addHook('onRequest', apiKeyAuthentication(services));
}

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
function apiKeyAuthentication(services: Services) {
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
  (request as WithSignIn)[signInSlot] = signedIn;
  done();
}

/** Who the request signed in as (account, plan, voices version); only inside the current interface's routes. */
export function signedInOf(request: FastifyRequest): SignedIn {
  const signedIn = (request as WithSignIn)[signInSlot];
  if (!signedIn) throw errors.unauthorized();
  return signedIn;
}

/** The account the request authenticated as; only inside the current interface's routes. */
export function accountOf(request: FastifyRequest): Account {
  return signedInOf(request).account;
}

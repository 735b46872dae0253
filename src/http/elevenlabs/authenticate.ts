import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Account } from '../../services/accounts/account.js';
import type { SignedIn } from '../../services/accounts/account-service.js';
import { ElevenLabsApiError, elevenLabsErrors } from './elevenlabs-error.js';

const signIns = new WeakMap<FastifyRequest, SignedIn>();

/** The `xi-api-key` header of a request, as ElevenLabs' clients send the key; null when absent or empty. */
export function xiApiKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers['xi-api-key'];
  return (Array.isArray(header) ? header[0] : header) || null;
}

/**
 * A key (from the header, or from the first message of the stream-input WebSocket) → who it signs
 * in as. The same account keys as the Typecast interface's X-API-KEY. Refusals are ElevenLabs'
 * 401s (`needs_authorization`, `invalid_api_key`) and 403 for a disabled account.
 */
export async function signInWithXiApiKey(services: Pick<Services, 'accounts'>, key: string | null | undefined): Promise<SignedIn> {
  if (!key) throw elevenLabsErrors.unauthorized('needs_authorization', 'No API key received: send it in the xi-api-key header.');
  const signedIn = services.accounts.keptSignInWithApiKey(key) ?? (await services.accounts.signInWithApiKey(key));
  if (!signedIn) throw elevenLabsErrors.unauthorized('invalid_api_key', 'Invalid API key');
  if (signedIn.account.disabledAt !== null) throw new ElevenLabsApiError(403, 'account_disabled', 'This account is disabled; ask the operator to enable it');
  return signedIn;
}

/** onRequest hook of the ElevenLabs routes: `xi-api-key` must name an enabled account before the body is read. */
export function xiApiKeyAuthentication(services: Pick<Services, 'accounts'>) {
  return async (request: FastifyRequest): Promise<void> => {
    signIns.set(request, await signInWithXiApiKey(services, xiApiKeyOf(request)));
  };
}

/**
 * onRequest hook of routes that only this interface has (pronunciation dictionaries): the key in
 * `xi-api-key` or, as the Typecast clients send it, in `X-API-KEY`. The same account keys.
 */
export function xiOrTypecastApiKeyAuthentication(services: Pick<Services, 'accounts'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const typecast = request.headers['x-api-key'];
    signIns.set(request, await signInWithXiApiKey(services, xiApiKeyOf(request) ?? ((Array.isArray(typecast) ? typecast[0] : typecast) || null)));
  };
}

/** Who the request signed in as (account, plan); only inside the ElevenLabs routes. */
export function elevenLabsSignInOf(request: FastifyRequest): SignedIn {
  const signedIn = signIns.get(request);
  if (!signedIn) throw elevenLabsErrors.unauthorized('invalid_api_key', 'Invalid API key');
  return signedIn;
}

export function elevenLabsAccountOf(request: FastifyRequest): Account {
  return elevenLabsSignInOf(request).account;
}

import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Account } from '../../services/accounts/account.js';
import { openAiErrors } from './openai-error.js';

const accounts = new WeakMap<FastifyRequest, Account>();

/** The key of a request: `Authorization: Bearer <api key>` as OpenAI clients send it, or X-API-KEY as Typecast clients do. */
function keyOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  const bearer = authorization && /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (bearer) return bearer[1];
  const header = request.headers['x-api-key'];
  return (Array.isArray(header) ? header[0] : header) || null;
}

/**
 * onRequest hook of the OpenAI routes: the Bearer token is the account's API key (the same key
 * the current interface takes in X-API-KEY; the earlier interface's api_token is not a key here).
 */
export function bearerKeyAuthentication(services: Services) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = keyOf(request);
    if (!key) throw openAiErrors.unauthorized("You didn't provide an API key. Send it as 'Authorization: Bearer <api key>'.", null);
    const account = await services.accounts.findByApiKey(key);
    if (!account) throw openAiErrors.unauthorized('Incorrect API key provided.', 'invalid_api_key');
    if (account.disabledAt !== null) throw openAiErrors.unauthorized('This key is associated with a disabled account.', 'account_deactivated');
    accounts.set(request, account);
  };
}

export function openAiAccountOf(request: FastifyRequest): Account {
  const account = accounts.get(request);
  if (!account) throw openAiErrors.unauthorized('Incorrect API key provided.', 'invalid_api_key');
  return account;
}

import type { FastifyRequest } from 'fastify';
import type { Services } from '../../app/services.js';
import type { Speak } from '../../services/speaks/speak.js';
import { errors } from '../api-error.js';
import { callerOf } from '../earlier/auth.js';

export interface SignedQuery {
  expires?: string;
  signature?: string;
}

/**
 * The finished speak a `/files/speak/<id>.<ext>…` address names, if the request may have it:
 * unknown or unfinished → 404; then a valid, unexpired signature of `path`, or the Bearer token
 * of the speak's own account; else 401.
 */
export async function speakForFile(request: FastifyRequest<{ Querystring: SignedQuery }>, services: Services, name: string, path: string): Promise<Speak> {
  const match = /^([0-9a-f]{24})\.(wav|mp3)$/.exec(name);
  const speak = match ? await services.earlier.speaks.find(match[1]) : null;
  if (!speak || speak.status !== 'done' || !speak.audioKey || !speak.audioKey.endsWith(`/${name}`)) throw errors.notFound('No speak at this address');
  const { expires, signature } = request.query ?? {};
  if (services.urlSigner.verify(path, single(expires), single(signature))) return speak;
  const who = await callerOf(request, services);
  if (who && who.account.uid === speak.uid && who.account.disabledAt === null) return speak;
  throw errors.unauthorized('The link has expired or is not valid');
}

/** A repeated query parameter arrives as an array; only a single value can be a signature. */
function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

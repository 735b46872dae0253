import type { FastifyRequest } from 'fastify';
import { safeEqual } from '../../security/secrets.js';
import { ApiError } from '../api-error.js';

/**
 * onRequest hook of the admin API: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant
 * time (both sides hashed first, so neither the content nor the length leaks), before anything
 * else is read. 401 with `WWW-Authenticate: Bearer` otherwise.
 */
export function adminTokenAuthentication(token: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const given = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)?.[1] : undefined;
    if (given === undefined || !safeEqual(given, token)) {
      throw new ApiError(401, 'unauthorized', 'A valid admin token is required: Authorization: Bearer <ADMIN_TOKEN>', { 'www-authenticate': 'Bearer' });
    }
  };
}

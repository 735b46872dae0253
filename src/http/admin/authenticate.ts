import type { FastifyRequest } from 'fastify';
import type { AdminSignInThrottle } from '../../services/accounts/admin-sign-in-throttle.js';
import { safeEqual } from '../../security/secrets.js';
import { ApiError } from '../api-error.js';

/**
 * onRequest hook of the admin API: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant
 * time (both sides hashed first, so neither the content nor the length leaks), before anything
 * else is read. 401 with `WWW-Authenticate: Bearer` otherwise. An address past its allowance of
 * failures is answered 429 with Retry-After before its token is looked at. Each failure is logged
 * with the address and the route, never the token given.
 */
export function adminTokenAuthentication(token: string, throttle: AdminSignInThrottle) {
  return async (request: FastifyRequest): Promise<void> => {
    const wait = await throttle.waitSeconds(request.ip);
    if (wait > 0) {
      throw new ApiError(429, 'too_many_failed_authentications', `Too many failed admin authentications from this address; try again in ${wait} seconds`, { 'retry-after': String(wait) });
    }
    const header = request.headers.authorization;
    const given = typeof header === 'string' ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header)?.[1] : undefined;
    if (given === undefined || !safeEqual(given, token)) {
      const { remaining } = await throttle.failed(request.ip);
      // The route as registered (`/admin/v1/accounts/:uid`), else the path cut short: never the query, never the header.
      const route = request.routeOptions.url ?? request.url.split('?')[0]!.slice(0, 100);
      request.log.warn({ address: request.ip, route: `${request.method} ${route}`, token_given: given !== undefined, failures_left: remaining }, 'admin authentication failed');
      throw new ApiError(401, 'unauthorized', 'A valid admin token is required: Authorization: Bearer <ADMIN_TOKEN>', { 'www-authenticate': 'Bearer' });
    }
  };
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AccountServiceError } from '../../services/accounts/errors.js';
import { ApiError } from '../api-error.js';
import { boundedErrorBody } from '../bounded-error-body.js';
import { unavailableService } from '../service-unavailable.js';

const statusOf: Record<AccountServiceError['code'], number> = {
  account_not_found: 404,
  key_not_found: 404,
  plan_not_found: 422,
  plan_exists: 409,
  invalid_value: 422,
  rate_limited: 429,
};

function send(reply: FastifyReply, status: number, code: string, detail: string, headers: Record<string, string> = {}): FastifyReply {
  return reply.status(status).headers(headers).type('application/json; charset=utf-8').send(JSON.stringify(boundedErrorBody({ detail, code })));
}

/**
 * The admin API's one error renderer: `{detail, code}` for every failure, `code` being the
 * service's error code (`account_not_found`, `invalid_value`…) or `unauthorized`,
 * `invalid_request`, `not_found`, `unavailable`, `internal`. Cut to a bounded size (boundedErrorBody),
 * whatever the request quoted into it.
 */
export function renderAdminError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AccountServiceError) {
    const headers: Record<string, string> = error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : {};
    return send(reply, statusOf[error.code], error.code, error.message, headers);
  }
  if (error instanceof ApiError) return send(reply, error.status, error.code, error.message, error.headers);
  const down = unavailableService(error);
  if (down) return send(reply, 503, 'unavailable', down.message, down.headers);
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return send(reply, 422, 'invalid_request', fastifyError.message);
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return send(reply, status, 'invalid_request', fastifyError.message || 'Bad request');
  request.log.error(error);
  return send(reply, 500, 'internal', 'Internal server error');
}

export function renderAdminNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(reply, 404, 'not_found', 'Not Found');
}

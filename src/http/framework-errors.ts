import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { boundedErrorBody } from './bounded-error-body.js';
import { errorBody as earlierErrorBody } from './earlier/render-error.js';

/**
 * Fastify's router refuses some URLs before any route or error handler sees them: a path segment
 * longer than its limit (414 FST_ERR_MAX_PARAM_LENGTH), a segment that is not valid percent-
 * encoding (400 FST_ERR_BAD_URL). Its own answers quote the whole path (a 10 kB segment came back
 * whole) in a shape no interface uses. This answers them in the shape of the interface the path
 * belongs to, quoting nothing of it.
 */
export function renderFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  const message = tooLong ? 'A part of the path is too long' : 'The path is not a valid URL';
  const path = request.url.split('?')[0] ?? '';
  let body: unknown;
  // A request carrying ElevenLabs' key is answered in its shape (on the paths it shares with Typecast too).
  if (request.headers['xi-api-key'] !== undefined) body = boundedErrorBody({ detail: { status: tooLong ? 'uri_too_long' : 'invalid_url', message } });
  else if (path.startsWith('/admin/')) body = boundedErrorBody({ detail: message, code: 'invalid_request' });
  else if (path.startsWith('/api/') || path.startsWith('/files/')) body = earlierErrorBody(message, 'app/bad-request');
  else if (path.startsWith('/v1/audio/') || path.startsWith('/v1/models')) body = boundedErrorBody({ error: { message, type: 'invalid_request_error', param: null, code: null } });
  else body = boundedErrorBody({ detail: message });
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

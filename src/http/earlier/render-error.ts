import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api-error.js';
import { boundedErrorBody } from '../bounded-error-body.js';
import { unavailableService } from '../service-unavailable.js';
import { SpeakError, type SpeakErrorCode } from '../../services/speaks/errors.js';

/** The earlier interface's error body. */
export function errorBody(msg: string, code: string) {
  return boundedErrorBody({ message: { msg, error_code: code } });
}

/** The speak services' refusals → this interface's status and `error_code`. */
const speakAnswers: Record<SpeakErrorCode, { status: number; code: (error: SpeakError) => string }> = {
  invalid_field: { status: 400, code: (error) => `app/invalid/${error.field}` },
  missing_field: { status: 400, code: () => 'app/param/not-enough' },
  not_found: { status: 404, code: () => 'app/not-found' },
  forbidden: { status: 403, code: () => 'app/forbidden' },
  insufficient_credit: { status: 402, code: () => 'app/insufficient-credit' },
  rate_limited: { status: 429, code: () => 'app/too-many-requests' },
  too_many_concurrent: { status: 429, code: () => 'app/too-many-requests' },
  synthesis_timed_out: { status: 503, code: () => 'app/service-unavailable' },
  voice_unavailable: { status: 503, code: () => 'app/service-unavailable' },
  file_too_large: { status: 413, code: () => 'app/invalid/file_size' },
  upload_limit: { status: 429, code: () => 'app/too-many-requests' },
  storage_full: { status: 413, code: () => 'app/upload/storage-full' },
  unsupported_audio_format: { status: 400, code: () => 'app/unsupported/audio_format' },
};

/** Fastify's own request errors (body parsing and the like) → our codes, all 4xx. */
const fastifyCodes: Record<string, { status: number; code: string; msg: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'app/invalid/json', msg: 'The body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'app/invalid/json', msg: 'The body is empty' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, code: 'app/invalid/content-type', msg: 'Send the body as application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'app/invalid/content-length', msg: 'Content-Length does not match the body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'app/invalid/body-size', msg: 'The body is too large' },
};

/** Renders every error of the earlier interface as `{message: {msg, error_code}}`; only our own faults are 500s. */
export function renderEarlierError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply.status(error.status).headers(error.headers).send(errorBody(error.message, error.code));
  }
  if (error instanceof SpeakError) {
    const answer = speakAnswers[error.code];
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(answer.status).send(errorBody(error.message, answer.code(error)));
  }
  const down = unavailableService(error);
  if (down) return reply.status(503).headers(down.headers).send(errorBody(down.message, 'app/service-unavailable'));
  const { code, statusCode } = error as FastifyError;
  const known = code ? fastifyCodes[code] : undefined;
  if (known) return reply.status(known.status).send(errorBody(known.msg, known.code));
  if (error instanceof SyntaxError && statusCode === 400) return reply.status(400).send(errorBody('The body is not valid JSON', 'app/invalid/json'));
  if (statusCode && statusCode >= 400 && statusCode < 500) return reply.status(statusCode).send(errorBody(error.message, 'app/bad-request'));
  request.log.error(error);
  return reply.status(500).send(errorBody('Internal server error', 'app/internal-error'));
}

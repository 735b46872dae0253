import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ValidationError, type FieldIssue } from '../api-error.js';
import { boundedErrorBody } from '../bounded-error-body.js';
import { unavailableService } from '../service-unavailable.js';
import { CustomVoiceError, type CustomVoiceErrorCode } from '../../services/custom-voices/errors.js';
import { SpeechError, type SpeechErrorCode } from '../../services/speech/speech-errors.js';
import { CaptionError } from '../../text/captions/caption-error.js';

const speechStatus: Record<SpeechErrorCode, number> = {
  voice_not_found: 404,
  model_not_supported: 400,
  emotion_not_supported: 400,
  prompt_not_supported: 400,
  nothing_to_speak: 422,
  text_expands_too_much: 422,
  invalid_ssml: 422,
  pronunciation_dictionary_not_found: 404,
  synthesis_timed_out: 503,
  voice_unavailable: 503,
  insufficient_credit: 402,
  too_many_concurrent: 429,
};

/** The custom-voice refusals' statuses (decisions §1); `invalid_field` is FastAPI's 422 for that field. */
export const customVoiceStatus: Record<CustomVoiceErrorCode, number> = {
  invalid_field: 422,
  file_too_large: 400,
  unreadable_audio: 400,
  audio_too_short: 400,
  audio_too_long: 400,
  not_enough_speech: 400,
  cloning_not_allowed: 403,
  no_free_slot: 403,
  no_generations_left: 403,
  too_many_clones: 429,
  analysis_timed_out: 400,
  analysis_busy: 503,
  voice_not_found: 404,
};

/** A custom-voice refusal as the current interface answers it. */
export function customVoiceApiError(error: CustomVoiceError): ApiError {
  if (error.code === 'invalid_field') {
    return new ValidationError([{ loc: ['body', error.field ?? 'file'], msg: `Value error, ${error.message}`, type: 'value_error' }]);
  }
  return new ApiError(customVoiceStatus[error.code], `custom-voice/${error.code}`, error.message, retryAfter(error.retryAfterSeconds));
}

/** The Retry-After header of a refusal that passes (every 429 carries one). */
export function retryAfter(seconds: number | undefined): Record<string, string> {
  return seconds ? { 'retry-after': String(Math.max(1, Math.ceil(seconds))) } : {};
}

function send(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}): FastifyReply {
  // A string payload skips the routes' response serializers: error bodies are never reshaped.
  return reply.status(status).headers(headers).type('application/json; charset=utf-8').send(JSON.stringify(boundedErrorBody(body)));
}

/** A body Fastify could not parse, in FastAPI's words. */
function bodyIssue(error: FastifyError): FieldIssue[] {
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return [{ loc: ['body'], msg: 'Field required', type: 'missing' }];
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return [{ loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from (send Content-Type: application/json)', type: 'model_attributes_type' }];
  }
  return [{ loc: ['body', 0], msg: 'JSON decode error', type: 'json_invalid' }];
}

function isBodyParseError(error: FastifyError): boolean {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return false;
  if (typeof error.code === 'string' && error.code.startsWith('FST_ERR_CTP_')) return true;
  // JSON.parse and secure-json-parse throw SyntaxError, which Fastify marks 400.
  return error instanceof SyntaxError && error.statusCode === 400;
}

/**
 * The current interface's one error renderer: `{detail: string}` for every failure, FastAPI's
 * `{detail: [{loc, msg, type}]}` for schema violations, and `{error_code, message}` for text with
 * nothing to speak. Never a stack trace; anything unexpected is logged and answered 500.
 */
export function renderCurrentError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof CustomVoiceError) error = customVoiceApiError(error);
  if (error instanceof ValidationError) return send(reply, 422, { detail: error.issues });
  if (error instanceof CaptionError) return send(reply, 422, { detail: [{ loc: ['body'], msg: `Value error, ${error.message}`, type: 'value_error' }] });
  if (error instanceof SpeechError) {
    if (error.code === 'nothing_to_speak') {
      const where = error.segment === undefined ? '' : ` (segment ${error.segment})`;
      return send(reply, 422, { error_code: 'TEXT_NOT_SYNTHESIZABLE', message: `${error.message}${where}` });
    }
    if (error.code === 'text_expands_too_much' || error.code === 'invalid_ssml') {
      const loc = error.segment === undefined ? ['body', 'text'] : ['body', 'segments', error.segment, 'text'];
      return send(reply, 422, { detail: [{ loc, msg: `Value error, ${error.message}`, type: 'value_error' }] });
    }
    const where = error.segment === undefined ? '' : `segments[${error.segment}]: `;
    return send(reply, speechStatus[error.code], { detail: `${where}${error.message}` }, retryAfter(error.retryAfterSeconds));
  }
  if (error instanceof ApiError) return send(reply, error.status, { detail: error.message }, error.headers);
  const down = unavailableService(error);
  if (down) return send(reply, 503, { detail: down.message }, down.headers);
  const fastifyError = error as FastifyError;
  if (isBodyParseError(fastifyError)) return send(reply, 422, { detail: bodyIssue(fastifyError) });
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return send(reply, status, { detail: fastifyError.message || 'Bad request' });
  if (fastifyError.code === 'ERR_STREAM_PREMATURE_CLOSE') {
    // The listener left before a streamed answer ended: not a fault, and nobody to answer.
    request.log.info('the connection closed before the answer ended');
    return reply.raw.destroyed ? reply : send(reply, 499, { detail: 'Client closed the connection' });
  }
  request.log.error(error);
  return send(reply, 500, { detail: 'Internal server error' });
}

export function renderNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return send(reply, 404, { detail: 'Not Found' });
}

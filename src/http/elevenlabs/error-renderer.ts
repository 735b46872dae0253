import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api-error.js';
import { boundedErrorBody } from '../bounded-error-body.js';
import { unavailableService } from '../service-unavailable.js';
import { CustomVoiceError, type CustomVoiceErrorCode } from '../../services/custom-voices/errors.js';
import { SpeechError, type SpeechErrorCode } from '../../services/speech/speech-errors.js';
import { PronunciationDictionaryError, type PronunciationDictionaryErrorCode } from '../../services/pronunciation-dictionaries/pronunciation-dictionary-errors.js';
import { ElevenLabsApiError } from './elevenlabs-error.js';

/** What ElevenLabs answers for a failure: HTTP status, `{detail: {status, message}}`, headers. */
export interface ElevenLabsErrorAnswer {
  httpStatus: number;
  detail: { status: string; message: string };
  headers: Record<string, string>;
}

/**
 * Synthesis refusals with ElevenLabs' statuses. An exhausted allowance is its 401
 * `quota_exceeded` (what its clients and agent frameworks recognize), busy slots its 429.
 */
const speechAnswers: Record<SpeechErrorCode, [number, string]> = {
  voice_not_found: [404, 'voice_not_found'],
  model_not_supported: [400, 'model_not_supported'],
  emotion_not_supported: [400, 'invalid_voice_settings'],
  prompt_not_supported: [400, 'invalid_voice_settings'],
  nothing_to_speak: [400, 'invalid_text'],
  invalid_ssml: [422, 'invalid_ssml'],
  pronunciation_dictionary_not_found: [404, 'pronunciation_dictionary_not_found'],
  text_expands_too_much: [400, 'text_too_long'],
  synthesis_timed_out: [503, 'synthesis_timed_out'],
  voice_unavailable: [503, 'voice_unavailable'],
  insufficient_credit: [401, 'quota_exceeded'],
  too_many_concurrent: [429, 'too_many_concurrent_requests'],
};

const customVoiceAnswers: Record<CustomVoiceErrorCode, [number, string]> = {
  invalid_field: [422, 'invalid_request'],
  file_too_large: [400, 'file_too_large'],
  unreadable_audio: [400, 'invalid_audio'],
  audio_too_short: [400, 'audio_too_short'],
  audio_too_long: [400, 'audio_too_long'],
  not_enough_speech: [400, 'not_enough_speech'],
  cloning_not_allowed: [403, 'can_not_use_instant_voice_cloning'],
  no_free_slot: [400, 'voice_limit_reached'],
  no_generations_left: [400, 'voice_add_edit_limit_reached'],
  too_many_clones: [429, 'too_many_concurrent_requests'],
  analysis_timed_out: [400, 'invalid_audio'],
  analysis_busy: [503, 'system_busy'],
  voice_not_found: [404, 'voice_not_found'],
};

const dictionaryAnswers: Record<PronunciationDictionaryErrorCode, [number, string]> = {
  dictionary_not_found: [404, 'pronunciation_dictionary_not_found'],
  version_not_found: [404, 'pronunciation_dictionary_version_not_found'],
  invalid_rules: [422, 'invalid_request'],
  invalid_lexicon: [400, 'invalid_pls_file'],
  invalid_phoneme: [400, 'invalid_phoneme'],
  dictionary_limit_reached: [400, 'pronunciation_dictionary_limit_reached'],
  too_many_dictionaries: [422, 'too_many_pronunciation_dictionaries'],
  version_conflict: [409, 'pronunciation_dictionary_version_conflict'],
};

/** Reasons for shared refusals (ApiError, Fastify's) known only by their status. */
const reasonsByStatus: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_api_key',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid_request',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

function retryAfter(seconds: number | undefined, status: number): Record<string, string> {
  if (seconds) return { 'retry-after': String(Math.max(1, Math.ceil(seconds))) };
  return status === 429 || status === 503 ? { 'retry-after': '1' } : {};
}

interface AjvIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { missingProperty?: string; allowedValues?: unknown[] };
}

/** A schema violation as one sentence naming the field. */
function validationMessage(issues: AjvIssue[], context: string | undefined): string {
  const issue = issues[0] ?? {};
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = issue.params?.missingProperty ? [path, issue.params.missingProperty].filter(Boolean).join('.') : path || (context ?? 'body');
  if (issue.keyword === 'required') return `Field required: '${field}'`;
  return `Invalid '${field}': ${issue.message ?? 'invalid value'}`;
}

function answer(httpStatus: number, status: string, message: string, headers: Record<string, string> = {}): ElevenLabsErrorAnswer {
  return { httpStatus, detail: { status, message }, headers };
}

/**
 * Any failure → ElevenLabs' answer, or null when it is unexpected (a fault to log and answer 500).
 * Pure, so that the stream-input WebSocket can say the same words in its error messages.
 */
export function elevenLabsErrorAnswer(error: unknown): ElevenLabsErrorAnswer | null {
  if (error instanceof ElevenLabsApiError) return answer(error.httpStatus, error.reason, error.message, error.headers);
  if (error instanceof SpeechError) {
    const [status, reason] = speechAnswers[error.code];
    return answer(status, reason, error.message, retryAfter(error.retryAfterSeconds, status));
  }
  if (error instanceof CustomVoiceError) {
    const [status, reason] = customVoiceAnswers[error.code];
    const message = error.field && error.code === 'invalid_field' ? `Invalid '${error.field}': ${error.message}` : error.message;
    return answer(status, reason, message, retryAfter(error.retryAfterSeconds, status));
  }
  if (error instanceof PronunciationDictionaryError) {
    const [status, reason] = dictionaryAnswers[error.code];
    return answer(status, reason, error.message);
  }
  if (error instanceof ApiError) return answer(error.status, reasonsByStatus[error.status] ?? 'invalid_request', error.message, error.headers);
  const fastifyError = error as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
  if (fastifyError.validation) return answer(422, 'invalid_request', validationMessage(fastifyError.validation, fastifyError.validationContext));
  const down = unavailableService(error);
  if (down) return answer(503, 'service_unavailable', down.message, down.headers);
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const unparsable = (typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_ERR_CTP_') && status !== 413) || error instanceof SyntaxError;
    if (unparsable) return answer(422, 'invalid_request', `The body could not be read as JSON: ${fastifyError.message}`);
    return answer(status, reasonsByStatus[status] ?? 'invalid_request', fastifyError.message || 'Bad request');
  }
  return null;
}

/** The `{detail: {status, message}}` body of an answer, bounded like every error body. */
export function elevenLabsErrorBody(detail: ElevenLabsErrorAnswer['detail']): string {
  return JSON.stringify(boundedErrorBody({ detail }));
}

/**
 * The ElevenLabs routes' one error renderer. Never a stack trace; anything unexpected is logged
 * and answered 500 `internal_error`.
 */
export function renderElevenLabsError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = elevenLabsErrorAnswer(error);
  if (known) return reply.status(known.httpStatus).headers(known.headers).type('application/json; charset=utf-8').send(elevenLabsErrorBody(known.detail));
  if ((error as FastifyError).code === 'ERR_STREAM_PREMATURE_CLOSE') {
    request.log.info('the connection closed before the answer ended');
    if (reply.raw.destroyed) return reply;
    return reply.status(499).type('application/json; charset=utf-8').send(elevenLabsErrorBody({ status: 'client_closed_request', message: 'Client closed the connection' }));
  }
  request.log.error(error);
  return reply.status(500).type('application/json; charset=utf-8').send(elevenLabsErrorBody({ status: 'internal_error', message: 'The server had an error while processing your request.' }));
}

/** 404 for a path no ElevenLabs route has, in its shape. */
export function renderElevenLabsNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).type('application/json; charset=utf-8').send(elevenLabsErrorBody({ status: 'not_found', message: 'Not Found' }));
}

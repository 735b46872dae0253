import { boundedErrorBody } from '../bounded-error-body.js';
import { unavailableService } from '../service-unavailable.js';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api-error.js';
import { SpeechError, type SpeechErrorCode } from '../../services/speech/speech-errors.js';
import { OpenAiError } from './openai-error.js';

/** Service refusals in OpenAI's terms: status, type, the parameter at fault, code. */
const speechErrors: Record<SpeechErrorCode, [number, string, string | null, string | null]> = {
  voice_not_found: [400, 'invalid_request_error', 'voice', 'invalid_value'],
  model_not_supported: [400, 'invalid_request_error', 'model', 'invalid_value'],
  emotion_not_supported: [400, 'invalid_request_error', 'instructions', 'invalid_value'],
  prompt_not_supported: [400, 'invalid_request_error', 'instructions', 'invalid_value'],
  nothing_to_speak: [400, 'invalid_request_error', 'input', 'invalid_value'],
  text_expands_too_much: [400, 'invalid_request_error', 'input', 'invalid_value'],
  invalid_ssml: [400, 'invalid_request_error', 'input', 'invalid_ssml'],
  // Only a default dictionary deleted while the request ran: OpenAI requests name none.
  pronunciation_dictionary_not_found: [404, 'invalid_request_error', null, 'pronunciation_dictionary_not_found'],
  synthesis_timed_out: [503, 'server_error', null, 'synthesis_timeout'],
  voice_unavailable: [503, 'server_error', null, 'voice_unavailable'],
  // OpenAI answers an exhausted quota with 429 insufficient_quota, and too many at once with 429 too.
  insufficient_credit: [429, 'insufficient_quota', null, 'insufficient_quota'],
  too_many_concurrent: [429, 'requests', null, 'rate_limit_exceeded'],
};

/**
 * Every 429 carries Retry-After: a busy slot's own wait, or for an exhausted quota the time until
 * the credits renew (an hour when unknown), with `x-should-retry: false`: OpenAI's SDKs retry
 * every 429 by themselves unless told not to, and a spent quota does not come back in seconds.
 */
function retryAfter(error: SpeechError, status: number): Record<string, string> {
  if (status === 503) return { 'retry-after': String(error.retryAfterSeconds ?? 5) };
  if (status !== 429) return {};
  if (error.code === 'insufficient_credit') return { 'retry-after': String(error.retryAfterSeconds ?? quotaRetryAfterSeconds), 'x-should-retry': 'false' };
  return { 'retry-after': String(error.retryAfterSeconds ?? 1) };
}

/** Retry-After of OpenAI's 429 insufficient_quota when the renewal is not known. */
export const quotaRetryAfterSeconds = 3600;

function send(reply: FastifyReply, status: number, message: string, type: string, param: string | null, code: string | null, headers: Record<string, string> = {}): FastifyReply {
  const body = JSON.stringify(boundedErrorBody({ error: { message, type, param, code } }));
  return reply.status(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

interface AjvIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: { missingProperty?: string; allowedValues?: unknown[] };
}

/** A schema violation: the parameter it is about, and a sentence like OpenAI's. */
function validationIssue(issues: AjvIssue[]): { param: string | null; message: string } {
  const issue = issues[0] ?? {};
  const param = issue.params?.missingProperty ?? (issue.instancePath ? issue.instancePath.replace(/^\//, '').replace(/\//g, '.') : null);
  if (issue.keyword === 'required') return { param, message: `Missing required parameter: '${param}'.` };
  if (issue.keyword === 'enum' && issue.params?.allowedValues) {
    return { param, message: `Invalid value for '${param}'. Supported values are: ${issue.params.allowedValues.map((v) => `'${String(v)}'`).join(', ')}.` };
  }
  return { param, message: `Invalid '${param ?? 'body'}': ${issue.message ?? 'invalid value'}.` };
}

/**
 * The OpenAI route's one error renderer: every failure as `{"error": {message, type, param, code}}`
 * with OpenAI's statuses (400 for every bad parameter, 401, 429 for limits and exhausted credits).
 * Never a stack trace; anything unexpected is logged and answered 500 `server_error`.
 */
export function renderOpenAiError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof OpenAiError) return send(reply, error.status, error.message, error.type, error.param, error.code, error.headers);
  if (error instanceof SpeechError) {
    const [status, type, param, code] = speechErrors[error.code];
    return send(reply, status, error.message, type, param, code, retryAfter(error, status));
  }
  if (error instanceof ApiError) return send(reply, error.status, error.message, 'invalid_request_error', null, null, error.headers);
  const fastifyError = error as FastifyError & { validation?: AjvIssue[] };
  if (fastifyError.validation) {
    const { param, message } = validationIssue(fastifyError.validation);
    return send(reply, 400, message, 'invalid_request_error', param, 'invalid_value');
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const message = fastifyError.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError ? `We could not parse the JSON body of your request. (${fastifyError.message})` : fastifyError.message || 'Bad request';
    return send(reply, status, message, 'invalid_request_error', null, null);
  }
  const down = unavailableService(error);
  if (down) return send(reply, 503, down.message, 'server_error', null, 'service_unavailable', down.headers);
  if (fastifyError.code === 'ERR_STREAM_PREMATURE_CLOSE') {
    request.log.info('the connection closed before the answer ended');
    return reply.raw.destroyed ? reply : send(reply, 499, 'Client closed the connection', 'invalid_request_error', null, null);
  }
  request.log.error(error);
  return send(reply, 500, 'The server had an error while processing your request.', 'server_error', null, null);
}

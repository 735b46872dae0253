import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import type { ComposePart } from '../../../services/speech/speech-service.js';
import { creditCost } from '../../../services/speech/speech-order.js';
import { ValidationError, type FieldIssue } from '../../api-error.js';
import { accountOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { audioResponse, ComposeBody, type ComposeBodyValue } from '../schemas/speech-body.js';
import { sendAudio } from './audio-reply.js';
import { speechOrderOf } from './speech-order.js';

const maxTextCharacters = 2000;
const maxPauseSeconds = 60;

/**
 * `POST /v1/text-to-speech/compose`: tts segments (each with its own voice, model, prompt and
 * output controls) and pauses joined into one file. One format for all: `audio_format`, else the
 * first format a segment names in `output.audio_format` (the others must agree), else wav.
 */
export function registerTextToSpeechCompose(app: FastifyInstance, services: Services): void {
  app.post<{ Body: ComposeBodyValue }>(
    '/v1/text-to-speech/compose',
    {
      schema: {
        summary: 'Compose speech from segments and pauses',
        description: '1–50 segments, at least one tts; tts texts ≤ 2000 characters together (the credits debited); pauses 0 < d ≤ 10 s, ≤ 60 s together.',
        tags: ['text-to-speech'],
        security,
        body: ComposeBody,
        response: { 200: audioResponse, ...errorResponses([400, 401, 402, 404, 429], { synthesis: true }) },
      },
    },
    async (request, reply) => {
      const { parts, format } = composition(request.body);
      const speech = await services.speech.compose(accountOf(request).uid, parts, format);
      return sendAudio(reply, speech.audio, speech.contentType, speech.duration);
    },
  );
}

/** The rules across segments a schema cannot state, as FastAPI 422s. */
function composition(body: ComposeBodyValue): { parts: ComposePart[]; format: 'wav' | 'mp3' } {
  const issues: FieldIssue[] = [];
  const segments = body.segments;
  const formats: ('wav' | 'mp3')[] = [];
  let text = 0;
  let pauses = 0;
  for (const segment of segments) {
    if (segment.type === 'tts') {
      text += creditCost(segment.text);
      if (segment.output?.audio_format) formats.push(segment.output.audio_format);
    } else {
      pauses += segment.duration_seconds;
    }
  }
  if (!segments.some((s) => s.type === 'tts')) issues.push({ loc: ['body', 'segments'], msg: 'Value error, at least one tts segment is required', type: 'value_error' });
  if (text > maxTextCharacters) {
    issues.push({ loc: ['body', 'segments'], msg: `Value error, the tts texts have ${text} characters together; at most ${maxTextCharacters}`, type: 'value_error' });
  }
  if (pauses > maxPauseSeconds + 1e-9) {
    issues.push({ loc: ['body', 'segments'], msg: `Value error, the pauses last ${pauses} s together; at most ${maxPauseSeconds}`, type: 'value_error' });
  }
  const format = body.audio_format ?? formats[0] ?? 'wav';
  segments.forEach((segment, i) => {
    const own = segment.type === 'tts' ? segment.output?.audio_format : undefined;
    if (own && own !== format) {
      issues.push({ loc: ['body', 'segments', i, 'output', 'audio_format'], msg: `Value error, a composition has one format; this segment asks ${own}, the composition ${format}`, type: 'value_error' });
    }
  });
  if (issues.length > 0) throw new ValidationError(issues);
  const parts: ComposePart[] = [];
  const orderIssues: FieldIssue[] = [];
  segments.forEach((segment, i) => {
    if (segment.type === 'pause') return parts.push({ type: 'pause', seconds: segment.duration_seconds });
    try {
      parts.push({ type: 'tts', order: speechOrderOf(segment, ['body', 'segments', i]) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      orderIssues.push(...error.issues);
    }
  });
  if (orderIssues.length > 0) throw new ValidationError(orderIssues);
  return { parts, format };
}

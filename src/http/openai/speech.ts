import { Readable } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenAiSpeechService, OpenAiSpeechStream } from '../../services/openai-speech/openai-speech-service.js';
import { modelForName, speechModelIds } from '../../services/openai-speech/model-names.js';
import { streamFormats, type StreamFormat } from '../../synthesis/encoders/format-encoder.js';
import { openAiAccountOf } from './authenticate.js';
import { openAiErrors } from './openai-error.js';

/** OpenAI's limit on `input`, in characters. */
export const maxInputLength = 4096;
/** OpenAI's range of `speed`. */
const minSpeed = 0.25;
const maxSpeed = 4;
/** Formats OpenAI names; `aac` among them has no encoder here (docs/openai.md). */
const requestFormats = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;

/** A string enumeration as JSON Schema's `enum`, so a bad value is reported with the values allowed. */
function oneOf<T extends string>(values: readonly T[]) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values] });
}

const SpeechRequest = Type.Object({
  model: Type.Unsafe<string>({ type: 'string', enum: [...speechModelIds], description: `tts-1, tts-1-hd, gpt-4o-mini-tts, or an Orator model id (${speechModelIds.join(', ')})` }),
  input: Type.String({ minLength: 1, maxLength: maxInputLength }),
  voice: Type.String({ minLength: 1, description: 'An OpenAI voice name or a tc_/uc_ voice id (GET /v1/audio/voices)' }),
  instructions: Type.Optional(Type.String({ maxLength: maxInputLength })),
  response_format: Type.Optional(oneOf(requestFormats)),
  speed: Type.Optional(Type.Number({ minimum: minSpeed, maximum: maxSpeed })),
  stream_format: Type.Optional(oneOf(['audio', 'sse'] as const)),
});
type SpeechRequestValue = Static<typeof SpeechRequest>;

/** The rules a schema cannot say, in OpenAI's words. */
function orderOf(body: SpeechRequestValue) {
  const model = modelForName(body.model);
  if (!model) throw openAiErrors.invalid(`Invalid value for 'model': '${body.model}'. Supported values are: ${speechModelIds.map((m) => `'${m}'`).join(', ')}.`, 'model');
  // The schema's range alone lets a coerced "Infinity" through; a tempo must be a finite number in range.
  if (body.speed !== undefined && !(typeof body.speed === 'number' && Number.isFinite(body.speed) && body.speed >= minSpeed && body.speed <= maxSpeed)) {
    throw openAiErrors.invalid(`Invalid 'speed': must be a number from ${minSpeed} to ${maxSpeed}.`, 'speed');
  }
  const format = body.response_format ?? 'mp3';
  if (!(streamFormats as readonly string[]).includes(format)) {
    throw openAiErrors.invalid(
      `response_format '${format}' is not available on this server: no AAC encoder ships with it. Available formats: ${streamFormats.join(', ')}.`,
      'response_format',
      'unsupported_value',
    );
  }
  return { model, input: body.input, voice: body.voice, format: format as StreamFormat, speed: body.speed ?? 1, instructions: body.instructions ?? null };
}

/** Stops the synthesis when the listener leaves before the answer ended. */
function watchListener(request: FastifyRequest, reply: FastifyReply, stream: () => OpenAiSpeechStream | null): { gone: () => boolean } {
  let gone = false;
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return;
    gone = true;
    stream()?.cancel().catch((error) => request.log.error(error));
  });
  return { gone: () => gone };
}

async function* serverSentEvents(stream: OpenAiSpeechStream): AsyncGenerator<string> {
  for await (const chunk of stream.chunks()) {
    yield `data: ${JSON.stringify({ type: 'speech.audio.delta', audio: Buffer.from(chunk).toString('base64') })}\n\n`;
  }
  const usage = { input_tokens: stream.credits, output_tokens: 0, total_tokens: stream.credits };
  yield `data: ${JSON.stringify({ type: 'speech.audio.done', usage })}\n\n`;
}

/**
 * `POST /v1/audio/speech`: OpenAI's speech API. Always chunked, each sentence sent as it is
 * made: as audio (`stream_format: audio`, the default) or as `speech.audio.delta` server-sent
 * events with base64 audio, then `speech.audio.done`. Everything that can be refused is refused
 * before the first byte (the first sentence is rendered first).
 */
export function registerSpeech(app: FastifyInstance, speech: OpenAiSpeechService): void {
  app.post<{ Body: SpeechRequestValue }>(
    '/v1/audio/speech',
    { schema: { body: SpeechRequest, hide: true } },
    async (request, reply) => {
      const order = orderOf(request.body);
      let stream: OpenAiSpeechStream | null = null;
      const listener = watchListener(request, reply, () => stream);
      stream = await speech.open(openAiAccountOf(request).uid, order);
      if (listener.gone()) {
        await stream.cancel();
        reply.hijack();
        reply.raw.destroy();
        return reply;
      }
      const sse = request.body.stream_format === 'sse';
      const body = sse ? Readable.from(serverSentEvents(stream)) : Readable.from(stream.chunks(), { objectMode: false });
      return reply
        .header('content-type', sse ? 'text/event-stream' : stream.contentType)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ElevenLabsSpeechService } from '../../services/elevenlabs-speech/elevenlabs-speech-service.js';
import { elevenLabsAccountOf } from './authenticate.js';
import { sendAudioStream } from './audio-stream-reply.js';
import { speechOrderOf, speechSchema, type SpeechBodyValue, type SpeechParamsValue, type SpeechQueryValue } from './speech-request.js';

/**
 * `POST /v1/text-to-speech/{voice_id}/stream` (the client's `stream`): chunked audio, each
 * sentence sent once it and those before it are rendered. Refusals come before the first byte.
 */
export function registerTextToSpeechStream(app: FastifyInstance, speech: ElevenLabsSpeechService): void {
  app.post<{ Params: SpeechParamsValue; Querystring: SpeechQueryValue; Body: SpeechBodyValue }>('/v1/text-to-speech/:voice_id/stream', { schema: speechSchema }, async (request, reply) => {
    const order = speechOrderOf(request.params, request.query, request.body);
    return sendAudioStream(request, reply, () => speech.open(elevenLabsAccountOf(request).uid, order));
  });
}

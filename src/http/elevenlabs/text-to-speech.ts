import type { FastifyInstance } from 'fastify';
import type { ElevenLabsSpeechService } from '../../services/elevenlabs-speech/elevenlabs-speech-service.js';
import { elevenLabsAccountOf } from './authenticate.js';
import { sendAudioStream } from './audio-stream-reply.js';
import { speechOrderOf, speechSchema, type SpeechBodyValue, type SpeechParamsValue, type SpeechQueryValue } from './speech-request.js';

/** `POST /v1/text-to-speech/{voice_id}` (the client's `convert`): the audio in `output_format`, sent as it is made. */
export function registerTextToSpeech(app: FastifyInstance, speech: ElevenLabsSpeechService): void {
  app.post<{ Params: SpeechParamsValue; Querystring: SpeechQueryValue; Body: SpeechBodyValue }>('/v1/text-to-speech/:voice_id', { schema: speechSchema }, async (request, reply) => {
    const order = speechOrderOf(request.params, request.query, request.body);
    return sendAudioStream(request, reply, () => speech.open(elevenLabsAccountOf(request).uid, order));
  });
}

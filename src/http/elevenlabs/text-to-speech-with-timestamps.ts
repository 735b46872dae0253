import type { FastifyInstance } from 'fastify';
import type { ElevenLabsSpeechService } from '../../services/elevenlabs-speech/elevenlabs-speech-service.js';
import { elevenLabsAccountOf } from './authenticate.js';
import { speechOrderOf, speechSchema, type SpeechBodyValue, type SpeechParamsValue, type SpeechQueryValue } from './speech-request.js';

/**
 * `POST /v1/text-to-speech/{voice_id}/with-timestamps` (`convertWithTimestamps`): the audio as
 * base64, `alignment` (the text's characters, joined they are the text) and
 * `normalized_alignment` (the characters as spoken), each with start and end times in seconds.
 */
export function registerTextToSpeechWithTimestamps(app: FastifyInstance, speech: ElevenLabsSpeechService): void {
  app.post<{ Params: SpeechParamsValue; Querystring: SpeechQueryValue; Body: SpeechBodyValue }>('/v1/text-to-speech/:voice_id/with-timestamps', { schema: speechSchema }, async (request, reply) => {
    const order = speechOrderOf(request.params, request.query, request.body);
    const timed = await speech.synthesizeTimed(elevenLabsAccountOf(request).uid, order);
    reply.header('character-cost', String([...order.text].length));
    return {
      audio_base64: Buffer.from(timed.audio.buffer, timed.audio.byteOffset, timed.audio.byteLength).toString('base64'),
      alignment: timed.alignment,
      normalized_alignment: timed.normalizedAlignment,
    };
  });
}

import type { FastifyInstance } from 'fastify';
import type { ElevenLabsSpeechService, TimedAudio } from '../../services/elevenlabs-speech/elevenlabs-speech-service.js';
import { elevenLabsAccountOf } from './authenticate.js';
import { sendAudioStream } from './audio-stream-reply.js';
import { speechOrderOf, speechSchema, type SpeechBodyValue, type SpeechParamsValue, type SpeechQueryValue } from './speech-request.js';

function line(chunk: TimedAudio): Buffer {
  const audio = Buffer.from(chunk.audio.buffer, chunk.audio.byteOffset, chunk.audio.byteLength).toString('base64');
  return Buffer.from(`${JSON.stringify({ audio_base64: audio, alignment: chunk.alignment, normalized_alignment: chunk.normalizedAlignment })}\n`);
}

/**
 * `POST /v1/text-to-speech/{voice_id}/stream/with-timestamps` (`streamWithTimestamps`): one JSON
 * object a line, a sentence each, sent as soon as it is rendered: its audio as base64 with the
 * characters it speaks, timed from the start of the whole audio. Refusals come before the first
 * line; a listener that leaves stops the synthesis and gets back the characters not sent.
 */
export function registerTextToSpeechStreamWithTimestamps(app: FastifyInstance, speech: ElevenLabsSpeechService): void {
  app.post<{ Params: SpeechParamsValue; Querystring: SpeechQueryValue; Body: SpeechBodyValue }>('/v1/text-to-speech/:voice_id/stream/with-timestamps', { schema: speechSchema }, async (request, reply) => {
    const order = speechOrderOf(request.params, request.query, request.body);
    return sendAudioStream(request, reply, async () => {
      const timed = await speech.openTimed(elevenLabsAccountOf(request).uid, order);
      async function* lines(): AsyncGenerator<Uint8Array> {
        for await (const chunk of timed.chunks()) yield line(chunk);
      }
      return { contentType: 'application/json', credits: timed.credits, chunks: lines, cancel: () => timed.cancel() };
    });
  });
}

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ElevenLabsSpeechService, TimedAudio } from '../../services/elevenlabs-speech/elevenlabs-speech-service.js';
import { elevenLabsAccountOf } from './authenticate.js';
import { speechOrderOf, speechSchema, type SpeechBodyValue, type SpeechParamsValue, type SpeechQueryValue } from './speech-request.js';

function line(chunk: TimedAudio): string {
  const audio = Buffer.from(chunk.audio.buffer, chunk.audio.byteOffset, chunk.audio.byteLength).toString('base64');
  return `${JSON.stringify({ audio_base64: audio, alignment: chunk.alignment, normalized_alignment: chunk.normalizedAlignment })}\n`;
}

/**
 * `POST /v1/text-to-speech/{voice_id}/stream/with-timestamps` (`streamWithTimestamps`): one JSON
 * object a line, each a piece of the audio (whole words) as base64 with the characters it speaks.
 * Times count from the start of the whole audio. The first line is sent once the synthesis is
 * done, so every refusal is an ordinary error answer.
 */
export function registerTextToSpeechStreamWithTimestamps(app: FastifyInstance, speech: ElevenLabsSpeechService): void {
  app.post<{ Params: SpeechParamsValue; Querystring: SpeechQueryValue; Body: SpeechBodyValue }>('/v1/text-to-speech/:voice_id/stream/with-timestamps', { schema: speechSchema }, async (request, reply) => {
    const order = speechOrderOf(request.params, request.query, request.body);
    const chunks = speech.timedChunks(elevenLabsAccountOf(request).uid, order);
    const first = await chunks.next();
    async function* lines(): AsyncGenerator<string> {
      if (first.done) return;
      yield line(first.value);
      for await (const chunk of chunks) yield line(chunk);
    }
    return reply.header('content-type', 'application/json').header('cache-control', 'no-store').send(Readable.from(lines()));
  });
}

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../app/services.js';
import type { SpeechStream } from '../../../services/speech/speech-service.js';
import { accountOf } from '../authenticate.js';
import { errorResponses, security } from '../schemas/common.js';
import { StreamBody, type StreamBodyValue } from '../schemas/speech-body.js';
import { currentMediaType, durationHeader } from './audio-reply.js';
import { speechOrderOf } from './speech-order.js';

/**
 * `POST /v1/text-to-speech/stream`: chunked audio, 32 kHz, each sentence sent as soon as it and
 * those before it are rendered. Everything that can fail is checked and the first sentence
 * rendered before the status line, so errors are ordinary error answers; after the first byte a
 * failure can only cut the stream. X-Audio-Duration comes as an HTTP trailer. A listener that
 * leaves stops the rendering and gets back the characters not yet sent (SpeechService.openStream).
 */
export function registerTextToSpeechStream(app: FastifyInstance, services: Services): void {
  app.post<{ Body: StreamBodyValue }>(
    '/v1/text-to-speech/stream',
    {
      schema: {
        summary: 'Synthesize speech as a stream',
        description:
          'Chunked. WAV: a 44-byte header whose RIFF and data sizes are 0xFFFFFFFF, then PCM 16-bit mono 32000 Hz. MP3: 320 kbps 32000 Hz, whole frames per chunk. X-Audio-Duration is sent as a trailer.',
        tags: ['text-to-speech'],
        security,
        body: StreamBody,
        response: {
          200: {
            description: 'Chunked audio',
            content: { 'audio/wav': { schema: { type: 'string', format: 'binary' } }, 'audio/mp3': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses([400, 401, 402, 404, 429], { synthesis: true }),
        },
      },
    },
    async (request, reply) => {
      const order = speechOrderOf(request.body);
      // The connection closing before the answer finished means the listener is gone.
      let stream: SpeechStream | null = null;
      let gone = false;
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        gone = true;
        stream?.cancel().catch((error) => request.log.error(error));
      });
      stream = await services.speech.openStream(accountOf(request).uid, order);
      if (gone) {
        // Nobody to answer: settle the credits and let the connection go without a response.
        await stream.cancel();
        reply.hijack();
        reply.raw.destroy();
        return reply;
      }
      const body = Readable.from(stream.chunks(), { objectMode: false });
      const seconds = () => stream.seconds;
      return reply
        .header('content-type', currentMediaType(stream.contentType))
        .header('cache-control', 'no-store')
        .trailer('x-audio-duration', async () => durationHeader(seconds()))
        .send(body);
    },
  );
}

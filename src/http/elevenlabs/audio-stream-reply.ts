import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ElevenLabsAudioStream } from '../../services/elevenlabs-speech/elevenlabs-speech-service.js';

/**
 * Sends an audio stream (or a stream of timed JSON lines) as a chunked answer. The synthesis is stopped (and the characters not
 * sent given back) when the listener leaves before the end, even before the first byte.
 */
export async function sendAudioStream(request: FastifyRequest, reply: FastifyReply, open: () => Promise<ElevenLabsAudioStream>): Promise<FastifyReply> {
  let stream: ElevenLabsAudioStream | null = null;
  let gone = false;
  reply.raw.once('close', () => {
    if (reply.raw.writableFinished) return;
    gone = true;
    stream?.cancel().catch((error) => request.log.error(error));
  });
  stream = await open();
  if (gone) {
    await stream.cancel();
    reply.hijack();
    reply.raw.destroy();
    return reply;
  }
  return reply
    .header('content-type', stream.contentType)
    .header('cache-control', 'no-store')
    .header('character-cost', String(stream.credits))
    .send(Readable.from(stream.chunks(), { objectMode: false }));
}

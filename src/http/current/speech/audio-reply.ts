import type { FastifyReply } from 'fastify';

/** Seconds with millisecond precision, as X-Audio-Duration carries them. */
export function durationHeader(seconds: number): string {
  return String(Math.round(seconds * 1000) / 1000);
}

/** An audio file answer: exact content type, length and X-Audio-Duration. */
export function sendAudio(reply: FastifyReply, audio: Uint8Array, contentType: string, duration: number): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-length', audio.byteLength)
    .header('x-audio-duration', durationHeader(duration))
    .send(Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength));
}

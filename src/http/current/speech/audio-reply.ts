import type { FastifyReply } from 'fastify';

/** Seconds with millisecond precision, as X-Audio-Duration carries them. */
export function durationHeader(seconds: number): string {
  return String(Math.round(seconds * 1000) / 1000);
}

/**
 * The media type the current interface answers for a service content type. MP3 is `audio/mp3`,
 * as the real service says it: the official JS client takes the format from the subtype (and
 * reports `wav` for `audio/mpeg`); the Go and Java clients accept both. The earlier interface
 * and stored downloads keep the registered `audio/mpeg`.
 */
export function currentMediaType(contentType: string): string {
  return contentType === 'audio/mpeg' ? 'audio/mp3' : contentType;
}

/** An audio file answer: exact content type, length and X-Audio-Duration. */
export function sendAudio(reply: FastifyReply, audio: Uint8Array, contentType: string, duration: number): FastifyReply {
  return reply
    .header('content-type', currentMediaType(contentType))
    .header('content-length', audio.byteLength)
    .header('x-audio-duration', durationHeader(duration))
    .send(Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength));
}

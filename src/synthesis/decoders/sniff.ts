import { parseMpegFrameHeader } from './mpeg-frame-header.js';

export type AudioFormat = 'wav' | 'mp3' | 'unknown';

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Length of an ID3v2 tag at the start (header, body, footer), or 0 when there is none. */
export function id3v2Length(bytes: Uint8Array): number {
  if (!ascii(bytes, 0, 'ID3') || bytes.length < 10) return 0;
  const [, , , major, minor, flags, s0, s1, s2, s3] = bytes;
  // The size is "synchsafe": seven bits per byte; a set top bit means this is not a tag.
  if (major === 0xff || minor === 0xff || (s0 | s1 | s2 | s3) & 0x80) return 0;
  const body = (s0 << 21) | (s1 << 14) | (s2 << 7) | s3;
  return 10 + body + (flags & 0x10 ? 10 : 0);
}

/**
 * An MPEG Layer III frame starts at `at`, and either the next frame follows where its length
 * says or the bytes end first: one plausible header alone is too easy to meet in random bytes.
 */
export function mp3FrameAt(bytes: Uint8Array, at: number): boolean {
  const first = parseMpegFrameHeader(bytes, at);
  if (!first || first.layer !== 3) return false;
  const nextAt = at + first.frameBytes;
  if (nextAt + 4 > bytes.length) return true;
  const next = parseMpegFrameHeader(bytes, nextAt);
  return next !== null && next.layer === 3 && next.version === first.version && next.sampleRate === first.sampleRate;
}

/** What the bytes are, by their content only (RIFF/WAVE, or an ID3 tag or MPEG frames); names are ignored. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat {
  if ((ascii(bytes, 0, 'RIFF') || ascii(bytes, 0, 'RF64')) && ascii(bytes, 8, 'WAVE')) return 'wav';
  const tag = id3v2Length(bytes);
  if (tag > 0) return tag >= bytes.length || mp3FrameAt(bytes, tag) ? 'mp3' : 'unknown';
  return mp3FrameAt(bytes, 0) ? 'mp3' : 'unknown';
}

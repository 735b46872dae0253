import { sniffAudioFormat } from '../../synthesis/decoders/sniff.js';

export const resourceFormats = ['wav', 'mp3', 'm4a'] as const;
export type ResourceFormat = (typeof resourceFormats)[number];

/** The same cap as voice cloning uploads. */
export const maxResourceBytes = 25 * 1024 * 1024;
/** Upload URLs work this long. */
export const uploadTtlSeconds = 60 * 60;

export const contentTypes: Record<ResourceFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg', m4a: 'audio/mp4' };

/** Whether the bytes are what the slot was declared for, by content (an MP4 `ftyp` box for m4a). */
export function bytesMatchFormat(bytes: Uint8Array, format: ResourceFormat): boolean {
  if (format === 'm4a') return bytes.length >= 12 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp';
  return sniffAudioFormat(bytes) === format;
}

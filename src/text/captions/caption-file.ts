import { CaptionError } from './caption-error.js';
import { groupIntoCues, segmentsToCaption, type Cue, type CueLimits, type TimedSegment } from './caption-cues.js';

export type CaptionFormat = 'srt' | 'vtt';

/** The timing lists of a with-timestamps answer; either may be null. */
export interface CaptionTimings {
  words?: readonly TimedSegment[] | null;
  characters?: readonly TimedSegment[] | null;
}

/**
 * Milliseconds as the SDKs' reference helper rounds them: the product in binary floating point,
 * halves to even (so 0.0125 s, which is 12.5 ms exactly, gives 12, not 13).
 */
function milliseconds(seconds: number): number {
  const product = seconds * 1000;
  const floor = Math.floor(product);
  const rest = product - floor;
  if (rest > 0.5) return floor + 1;
  if (rest < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function clock(seconds: number, separator: ',' | '.'): string {
  const total = milliseconds(seconds);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const secs = Math.floor((total % 60_000) / 1000);
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(secs, 2)}${separator}${pad(total % 1000, 3)}`;
}

function srt(cues: readonly Cue[]): string {
  return cues.map((cue, i) => `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${cue.text}\n\n`).join('');
}

function vtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((cue) => `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${cue.text}\n\n`).join('')}`;
}

/** A caption file (SRT or WebVTT, LF newlines, a blank line after every cue) from timings. */
export function captionFile(timings: CaptionTimings, format: CaptionFormat, limits?: CueLimits): string {
  const { segments, joiner } = segmentsToCaption(timings.words, timings.characters);
  const cues = groupIntoCues(segments, joiner, limits);
  if (cues.length === 0) throw new CaptionError('no_segments', 'The timings have no text to caption');
  return format === 'srt' ? srt(cues) : vtt(cues);
}

export const captionContentTypes: Record<CaptionFormat, string> = {
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
};

import { CaptionError } from './caption-error.js';

/** A timed piece of text as a with-timestamps answer lists it (seconds). */
export interface TimedSegment {
  text: string;
  start: number;
  end: number;
}

export interface Cue {
  text: string;
  start: number;
  end: number;
}

export interface CueLimits {
  /** A cue never grows past this many seconds from its first segment's start to its last's end. */
  maxSeconds: number;
  /** Nor past this many characters (code points, after trimming). */
  maxChars: number;
}

/** BBC's and Netflix's subtitle limits, the official SDKs' defaults. */
export const defaultCueLimits: CueLimits = { maxSeconds: 7.0, maxChars: 42 };

const terminators = ['.', '?', '!', '。', '？', '！'];

/*
 * Whitespace as the SDKs' reference helper (Python's str.strip) trims it, which differs from
 * String.prototype.trim at U+001C–U+001F, U+0085 (trimmed here) and U+FEFF (kept here): the
 * caption files must match theirs byte for byte.
 */
const space = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const leading = new RegExp(`^[${space}]+`, 'u');
const trailing = new RegExp(`[${space}]+$`, 'u');
const trimEnd = (s: string) => s.replace(trailing, '');
const trim = (s: string) => trimEnd(s.replace(leading, ''));
const codePoints = (s: string) => [...s].length;

/**
 * The list to caption from, as the SDKs pick it: words when there are at least two (joined with
 * spaces), else characters (joined as they are: a language written without spaces comes back as
 * one word), else a lone word.
 */
export function segmentsToCaption(words: readonly TimedSegment[] | null | undefined, characters: readonly TimedSegment[] | null | undefined): { segments: readonly TimedSegment[]; joiner: string } {
  let picked: { segments: readonly TimedSegment[]; joiner: string };
  if (words && words.length >= 2) picked = { segments: words, joiner: ' ' };
  else if (characters && characters.length >= 1) return { segments: characters, joiner: '' };
  else if (words && words.length === 1) picked = { segments: words, joiner: ' ' };
  else throw new CaptionError('no_segments', 'The timings have neither words nor characters to caption');
  const empty = picked.segments.filter((s) => trim(s.text) === '').length;
  if (empty > picked.segments.length / 2) throw new CaptionError('empty_segments', 'Most of the words have no text');
  return picked;
}

/**
 * Cues from segments: a cue ends after a segment whose text ends in a sentence terminator, and
 * before a segment that would take it past either limit (a segment alone may pass them: it is
 * never split).
 */
export function groupIntoCues(segments: readonly TimedSegment[], joiner: string, limits: CueLimits = defaultCueLimits): Cue[] {
  const cues: Cue[] = [];
  let parts: string[] = [];
  let start = 0;
  let lastEnd = 0;
  const close = (end: number) => {
    const text = trim(parts.join(joiner));
    if (text !== '') cues.push({ text, start, end });
    parts = [];
  };
  for (const segment of segments) {
    if (parts.length > 0) {
      const longer = trim([...parts, segment.text].join(joiner));
      if (segment.end - start > limits.maxSeconds || codePoints(longer) > limits.maxChars) close(lastEnd);
    }
    if (parts.length === 0) start = segment.start;
    parts.push(segment.text);
    lastEnd = segment.end;
    const ending = trimEnd(segment.text);
    if (terminators.some((t) => ending.endsWith(t))) close(segment.end);
  }
  if (parts.length > 0) close(lastEnd);
  return cues;
}

import type { TimedPcm, WordTiming } from '../audio.js';

export interface ConcatOptions {
  /** Seconds of silence after piece i (missing entries are 0; an entry after the last piece pads the end). */
  pauses?: readonly number[];
  /** Added to the text offsets of piece i's words, when the pieces' texts are parts of one text. */
  textOffsets?: readonly number[];
}

/**
 * Joins pieces of the same sample rate end to end with the given pauses, shifting each piece's
 * word times by where the piece lands. Pause lengths are rounded to whole samples and word times
 * follow the rounded positions, so they stay exact.
 */
export function concatTimed(pieces: readonly TimedPcm[], options: ConcatOptions = {}): TimedPcm {
  if (pieces.length === 0) throw new RangeError('nothing to join');
  const sampleRate = pieces[0].sampleRate;
  const pauses = options.pauses ?? [];
  const gaps = pieces.map((piece, i) => {
    if (piece.sampleRate !== sampleRate) throw new RangeError(`piece ${i} is at ${piece.sampleRate} Hz, not ${sampleRate} Hz`);
    const pause = pauses[i] ?? 0;
    if (!Number.isFinite(pause) || pause < 0) throw new RangeError(`invalid pause ${pause}`);
    return Math.round(pause * sampleRate);
  });
  const total = pieces.reduce((sum, piece, i) => sum + piece.samples.length + gaps[i], 0);
  const samples = new Float32Array(total);
  const words: WordTiming[] = [];
  let at = 0;
  pieces.forEach((piece, i) => {
    samples.set(piece.samples, at);
    const shift = at / sampleRate;
    const offsetShift = options.textOffsets?.[i] ?? 0;
    for (const word of piece.words) {
      words.push({ ...word, offset: word.offset + offsetShift, start: word.start + shift, end: word.end + shift });
    }
    at += piece.samples.length + gaps[i];
  });
  return { samples, sampleRate, words };
}

/** `seconds` of digital silence with no words: a pause segment, or a lead-in before the first piece. */
export function silence(seconds: number, sampleRate: number): TimedPcm {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`invalid silence length ${seconds}`);
  return { samples: new Float32Array(Math.round(seconds * sampleRate)), sampleRate, words: [] };
}

/** The samples of `pieces` end to end, in one new array. */
export function joinSamples(pieces: readonly Float32Array[]): Float32Array {
  let total = 0;
  for (const piece of pieces) total += piece.length;
  const samples = new Float32Array(total);
  let at = 0;
  for (const piece of pieces) {
    samples.set(piece, at);
    at += piece.length;
  }
  return samples;
}

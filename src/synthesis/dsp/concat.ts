import type { TimedPcm, WordTiming } from '../audio.js';

export interface ConcatOptions {
  /** Seconds of silence after piece i (missing entries are 0; an entry after the last piece pads the end). */
  pauses?: readonly number[];
  /** Added to the text offsets of piece i's words, when the pieces' texts are parts of one text. */
  textOffsets?: readonly number[];
}

/** Where pieces joined end to end land: each one's first sample, the whole length, and the words moved along. */
export interface PieceLayout {
  sampleRate: number;
  /** Sample index where each piece starts. */
  starts: number[];
  /** Samples in all, pauses included. */
  length: number;
  words: WordTiming[];
}

/**
 * Lays pieces of the same sample rate end to end with the given pauses, shifting each piece's
 * word times by where the piece lands. Pause lengths are rounded to whole samples and word times
 * follow the rounded positions, so they stay exact. The samples are not touched: `concatTimed`
 * copies them into one array, an encoder can write them into its output directly.
 */
export function layOutPieces(pieces: readonly TimedPcm[], options: ConcatOptions = {}): PieceLayout {
  if (pieces.length === 0) throw new RangeError('nothing to join');
  const sampleRate = pieces[0].sampleRate;
  const pauses = options.pauses ?? [];
  const starts: number[] = [];
  const words: WordTiming[] = [];
  let at = 0;
  pieces.forEach((piece, i) => {
    if (piece.sampleRate !== sampleRate) throw new RangeError(`piece ${i} is at ${piece.sampleRate} Hz, not ${sampleRate} Hz`);
    const pause = pauses[i] ?? 0;
    if (!Number.isFinite(pause) || pause < 0) throw new RangeError(`invalid pause ${pause}`);
    starts.push(at);
    const shift = at / sampleRate;
    const offsetShift = options.textOffsets?.[i] ?? 0;
    for (const word of piece.words) {
      words.push({ ...word, offset: word.offset + offsetShift, start: word.start + shift, end: word.end + shift });
    }
    at += piece.samples.length + Math.round(pause * sampleRate);
  });
  return { sampleRate, starts, length: at, words };
}

/** Joins pieces of the same sample rate end to end with the given pauses; see `layOutPieces`. */
export function concatTimed(pieces: readonly TimedPcm[], options: ConcatOptions = {}): TimedPcm {
  const layout = layOutPieces(pieces, options);
  const samples = new Float32Array(layout.length);
  pieces.forEach((piece, i) => samples.set(piece.samples, layout.starts[i]));
  return { samples, sampleRate: layout.sampleRate, words: layout.words };
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

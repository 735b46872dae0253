import type { WordTiming } from '../audio.js';

/** `samples` cut or zero-padded to exactly `length`, so a stage's output length is exact. */
export function withLength(samples: Float32Array, length: number): Float32Array {
  if (samples.length === length) return samples;
  const out = new Float32Array(length);
  out.set(samples.length > length ? samples.subarray(0, length) : samples);
  return out;
}

/** Word times multiplied by `factor` (a time stretch), kept inside `[0, duration]`. */
export function scaleWordTimes(words: readonly WordTiming[], factor: number, duration: number): WordTiming[] {
  return words.map((word) => ({
    ...word,
    start: Math.min(word.start * factor, duration),
    end: Math.min(word.end * factor, duration),
  }));
}

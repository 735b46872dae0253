import type { TimedPcm } from '../audio.js';
import { runSonic } from './sonic.js';
import { scaleWordTimes, withLength } from './samples.js';

/** Sonic's documented working range for speed; the API limits tempo to 0.5–2 anyway. */
const minFactor = 0.05;
const maxFactor = 20;

/**
 * Plays `timed` `factor` times as fast without changing its pitch (2 = twice as fast, half as
 * long). The result holds exactly round(n / factor) samples and every word time is divided by
 * `factor`.
 */
export async function changeTempo(timed: TimedPcm, factor: number): Promise<TimedPcm> {
  if (!Number.isFinite(factor) || factor < minFactor || factor > maxFactor) throw new RangeError(`tempo factor ${factor} is out of range`);
  if (factor === 1) return { ...timed, samples: timed.samples.slice(), words: timed.words.map((w) => ({ ...w })) };
  const length = Math.round(timed.samples.length / factor);
  const stretched = await runSonic(timed.samples, timed.sampleRate, { speed: factor, pitch: 1 });
  return {
    ...timed,
    samples: withLength(stretched, length),
    words: scaleWordTimes(timed.words, 1 / factor, length / timed.sampleRate),
  };
}

/**
 * Shifts the pitch by `semitones` (may be fractional) keeping the tempo. Sonic stretches by the
 * pitch ratio and resamples back, which keeps the length only to a few milliseconds; the result is
 * trimmed or padded to exactly the input's sample count, so word times stay as they are.
 */
export async function shiftPitch(timed: TimedPcm, semitones: number): Promise<TimedPcm> {
  if (!Number.isFinite(semitones) || Math.abs(semitones) > 36) throw new RangeError(`pitch shift ${semitones} is out of range`);
  const words = timed.words.map((w) => ({ ...w }));
  if (semitones === 0) return { ...timed, samples: timed.samples.slice(), words };
  const shifted = await runSonic(timed.samples, timed.sampleRate, { speed: 1, pitch: 2 ** (semitones / 12) });
  return { ...timed, samples: withLength(shifted, timed.samples.length), words };
}

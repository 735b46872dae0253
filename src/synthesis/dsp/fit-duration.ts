import type { TimedPcm } from '../audio.js';
import { runSonic } from './sonic.js';
import { scaleWordTimes, withLength } from './samples.js';

/**
 * Stretches or compresses the whole of `timed` to exactly `seconds` (round(seconds · rate)
 * samples), keeping the pitch: Sonic time-stretch by the ratio of durations, then trim or pad the
 * few samples it misses by. Word times are scaled by the same ratio.
 */
export async function fitDuration(timed: TimedPcm, seconds: number): Promise<TimedPcm> {
  if (!Number.isFinite(seconds) || seconds <= 0) throw new RangeError(`invalid target duration ${seconds}`);
  const length = Math.round(seconds * timed.sampleRate);
  const exact = length / timed.sampleRate;
  const words = timed.words.map((w) => ({ ...w }));
  if (timed.samples.length === 0) return { ...timed, samples: new Float32Array(length), words };
  if (length === timed.samples.length) return { ...timed, samples: timed.samples.slice(), words };
  const stretch = length / timed.samples.length;
  const stretched = await runSonic(timed.samples, timed.sampleRate, { speed: 1 / stretch, pitch: 1 });
  return { ...timed, samples: withLength(stretched, length), words: scaleWordTimes(timed.words, stretch, exact) };
}

/**
 * YIN (de Cheveigné & Kawahara 2002), the one pitch detector of the project: the F0 tracker, voice
 * analysis for cloning and the tests all use it. Allocation-free per frame (callers pass scratch),
 * as cloning analyses hours of audio.
 */
export interface YinWindow {
  /** Integration window, samples. */
  window: number;
  /** Shortest and longest period searched, samples (maxF0 and minF0). */
  minLag: number;
  maxLag: number;
  /** Aperiodicity accepted as voiced (threshold on the cumulative-mean-normalized difference). */
  threshold: number;
}

/** Scratch for `yinLag` with this window. */
export function yinScratch(window: YinWindow): Float64Array {
  return new Float64Array(window.maxLag + 2);
}

/**
 * The period, in samples with parabolic refinement, of the frame starting at `start`, or -1 when
 * it is not periodic enough (or silent). Needs `window.window + window.maxLag + 1` samples.
 */
export function yinLag(samples: ArrayLike<number>, start: number, w: YinWindow, difference: Float64Array): number {
  const { window, maxLag } = w;
  let energy = 0;
  for (let j = 0; j < window; j++) energy += samples[start + j] * samples[start + j];
  if (energy < 1e-12) return -1;
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    let sum = 0;
    const shifted = start + lag;
    for (let j = 0; j < window; j++) {
      const d = samples[start + j] - samples[shifted + j];
      sum += d * d;
    }
    difference[lag] = sum;
  }
  return yinPeriod(difference, 0, w);
}

/**
 * YIN's decision from a frame's squared-difference function, held in `difference[offset + lag]`
 * for lags 1 to `maxLag + 1` (overwritten): the period in samples, or -1. Shared by `yinLag` and
 * trackers that compute the differences of many frames at once.
 */
export function yinPeriod(difference: Float64Array, offset: number, w: YinWindow): number {
  const { minLag, maxLag, threshold } = w;
  // Cumulative-mean normalization (seeded with the first difference itself, so the result does
  // not depend on the signal's level), then the first dip under the threshold, walked to its bottom.
  let running = 0;
  for (let lag = 1; lag <= maxLag + 1; lag++) {
    running += difference[offset + lag];
    difference[offset + lag] = running > 0 ? (difference[offset + lag] * lag) / running : 1;
  }
  let found = -1;
  for (let lag = Math.max(2, minLag); lag <= maxLag; lag++) {
    if (difference[offset + lag] < threshold) {
      while (lag + 1 <= maxLag && difference[offset + lag + 1] < difference[offset + lag]) lag++;
      found = lag;
      break;
    }
  }
  if (found < 0) return -1;
  const a = difference[offset + found - 1];
  const b = difference[offset + found];
  const c = difference[offset + found + 1];
  const denominator = a - 2 * b + c;
  return denominator > 0 ? found + (0.5 * (a - c)) / denominator : found;
}

/**
 * A detector for whole frames: F0 in Hz of `frame`, or null. Half the frame (rounded down to a
 * power of two) is the window and the other half the lags, the usual split for short frames.
 */
export function yinDetector(options: { sampleRate: number; threshold?: number }): (frame: Float32Array) => number | null {
  let cached: { length: number; window: YinWindow; scratch: Float64Array } | null = null;
  return (frame) => {
    if (cached?.length !== frame.length) {
      let size = 1;
      while (size * 2 < frame.length) size *= 2;
      const half = size / 2;
      const window = { window: half, minLag: 2, maxLag: half - 2, threshold: options.threshold ?? 0.1 };
      cached = { length: frame.length, window, scratch: yinScratch(window) };
    }
    const lag = yinLag(frame, 0, cached.window, cached.scratch);
    return lag > 0 ? options.sampleRate / lag : null;
  };
}

import type { Pcm } from '../audio.js';
import { limitPeaks } from './limiter.js';

/** The largest magnitude that still converts to 16-bit PCM without clipping. */
export const fullScale = 32767 / 32768;

/**
 * Multiplies by `gain` (1 = unchanged, 2 = +6 dB). Clipping protection: only when a scaled sample
 * would pass full scale does the look-ahead limiter (limiter.ts) run, holding peaks at full scale
 * with a smooth gain reduction instead of hard clipping; everything else is a plain multiplication.
 * Not a peak normalization: quiet passages keep exactly the requested gain.
 */
export function applyGain<T extends Pcm>(pcm: T, gain: number): T {
  if (!Number.isFinite(gain) || gain < 0) throw new RangeError(`invalid gain ${gain}`);
  const scaled = new Float32Array(pcm.samples.length);
  let peak = 0;
  for (let i = 0; i < scaled.length; i++) {
    scaled[i] = pcm.samples[i] * gain;
    peak = Math.max(peak, Math.abs(scaled[i]));
  }
  const samples = peak > fullScale ? limitPeaks(scaled, pcm.sampleRate, fullScale) : scaled;
  return { ...pcm, samples };
}

export function decibelsToGain(decibels: number): number {
  return 10 ** (decibels / 20);
}

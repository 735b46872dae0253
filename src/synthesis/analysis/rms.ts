import type { Pcm } from '../audio.js';

/** Root mean square of the samples (0 for no samples). */
export function rms(pcm: Pcm): number {
  const { samples } = pcm;
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / samples.length);
}

/** RMS in dB relative to full scale (a full-scale square wave is 0 dBFS); −Infinity for silence. */
export function rmsDb(pcm: Pcm): number {
  return 20 * Math.log10(rms(pcm));
}

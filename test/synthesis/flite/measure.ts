/** Measurements the Flite tests make on real audio. */
import { yinDetector } from '../../../src/synthesis/analysis/yin.js';
import type { Pcm } from '../../../src/synthesis/audio.js';

export interface F0Summary {
  median: number;
  /** 10th and 90th percentiles: their ratio in semitones is the pitch range. */
  p10: number;
  p90: number;
  frames: number;
}

/** YIN over 40 ms frames every 10 ms, skipping quiet frames; F0 between 50 and 800 Hz. */
export function measureF0(pcm: Pcm): F0Summary {
  const detect = yinDetector({ sampleRate: pcm.sampleRate, threshold: 0.1 });
  const window = Math.round(pcm.sampleRate * 0.04);
  const hop = Math.round(pcm.sampleRate * 0.01);
  const found: number[] = [];
  for (let at = 0; at + window <= pcm.samples.length; at += hop) {
    const frame = pcm.samples.subarray(at, at + window);
    if (rms(frame) < 0.02) continue;
    const f0 = detect(frame);
    if (f0 && f0 > 50 && f0 < 800) found.push(f0);
  }
  found.sort((a, b) => a - b);
  const at = (q: number) => found[Math.min(found.length - 1, Math.floor(found.length * q))] ?? NaN;
  return { median: at(0.5), p10: at(0.1), p90: at(0.9), frames: found.length };
}

export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return samples.length > 0 ? Math.sqrt(sum / samples.length) : 0;
}

export function rmsBetween(pcm: Pcm, start: number, end: number): number {
  return rms(pcm.samples.subarray(Math.floor(start * pcm.sampleRate), Math.floor(end * pcm.sampleRate)));
}

export function semitones(ratio: number): number {
  return 12 * Math.log2(ratio);
}

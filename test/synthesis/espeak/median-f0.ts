import { yinDetector } from '../../../src/synthesis/analysis/yin.js';

/**
 * F0 (Hz) of every voiced 10 ms frame of speech, by YIN, ascending. The signal is halved in rate first (pair
 * averaging, a gentle low-pass) so that a 513-sample frame spans 23 ms at 11 kHz and reaches lags
 * down to 43 Hz at a quarter of the cost. Frames quieter than 20 dB under the loudest are skipped.
 */
export function voicedF0(samples: Float32Array, sampleRate: number): number[] {
  const rate = sampleRate / 2;
  const halved = new Float32Array(samples.length >> 1);
  for (let i = 0; i < halved.length; i++) halved[i] = 0.5 * (samples[2 * i] + samples[2 * i + 1]);

  const frame = 513;
  const hop = Math.round(rate * 0.01);
  const levels: number[] = [];
  for (let start = 0; start + frame <= halved.length; start += hop) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += halved[i] * halved[i];
    levels.push(Math.sqrt(energy / frame));
  }
  const loudest = Math.max(0, ...levels);

  const detect = yinDetector({ sampleRate: rate, threshold: 0.15 });
  const pitches: number[] = [];
  levels.forEach((level, index) => {
    if (level < loudest * 0.1) return;
    const start = index * hop;
    const f0 = detect(halved.subarray(start, start + frame));
    if (f0 !== null && f0 >= 40 && f0 <= 1000) pitches.push(f0);
  });
  return pitches.sort((a, b) => a - b);
}

export function medianF0(samples: Float32Array, sampleRate: number): number {
  const pitches = voicedF0(samples, sampleRate);
  return pitches.length === 0 ? Number.NaN : pitches[pitches.length >> 1];
}

/** Width of the F0 distribution: 10th to 90th percentile, in semitones. */
export function f0SpreadSemitones(samples: Float32Array, sampleRate: number): number {
  const pitches = voicedF0(samples, sampleRate);
  if (pitches.length < 10) return Number.NaN;
  return semitonesBetween(pitches[Math.floor(pitches.length * 0.1)], pitches[Math.floor(pitches.length * 0.9)]);
}

export function semitonesBetween(from: number, to: number): number {
  return 12 * Math.log2(to / from);
}

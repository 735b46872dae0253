import type { Pcm } from '../audio.js';
import { bandCentres } from './bands.js';

/**
 * A synthetic voice: a pulse train gliding between ~110 and ~190 Hz through two vowel-like
 * resonances, in syllables of 250 ms with a 400 ms pause every second, so that every path of the
 * analysis runs (voiced frames, envelopes, syllable nuclei, pauses between utterances). For 80 ms
 * a second it jumps to 400 Hz, over an octave up, as a pitch tracker's errors do in real speech, so the
 * analysis drops frames as octave jumps too: a warm-up without them left that branch without type
 * feedback, and the first real blocks sent V8 back from the optimised pitch tracker to compile it
 * again (2–3× those blocks' time, `--trace-deopt`). Deterministic: no noise source.
 */
export function syntheticVoice(seconds: number, sampleRate: number): Pcm {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  const resonators = [500, 1500].map((hz) => {
    const r = Math.exp((-Math.PI * 120) / sampleRate);
    return { a1: 2 * r * Math.cos((2 * Math.PI * hz) / sampleRate), a2: -r * r, y1: 0, y2: 0 };
  });
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    const jump = t % 1 >= 0.25 && t % 1 < 0.33;
    const f0 = jump ? 400 : 150 + 40 * Math.sin(2 * Math.PI * 0.7 * t);
    phase += f0 / sampleRate;
    let x = 0;
    if (phase >= 1) {
      phase -= 1;
      x = 1;
    }
    for (const r of resonators) {
      const y = x + r.a1 * r.y1 + r.a2 * r.y2;
      r.y2 = r.y1;
      r.y1 = y;
      x = y;
    }
    const inPause = t % 1 >= 0.6;
    const syllable = inPause ? 0 : 0.5 - 0.5 * Math.cos(2 * Math.PI * 4 * t);
    samples[i] = x * syllable;
  }
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  for (let i = 0; i < samples.length; i++) samples[i] *= 0.5 / peak;
  return { samples, sampleRate };
}

/** A timbre that runs every part of the timbre filter (formants moved, each band's gain changed), for the warm-ups. */
export const syntheticTimbre = { formantScale: 0.95, eqDb: bandCentres.map((_, b) => (b % 3) - 1) };

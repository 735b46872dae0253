import type { Pcm, TimedPcm, WordTiming } from '../../src/synthesis/audio.js';

/** Deterministic uniform noise in [-1, 1) (mulberry32), so every run measures the same signal. */
export function noiseSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
  };
}

export function sine(frequency: number, amplitude: number, seconds: number, sampleRate: number): Pcm {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return { samples, sampleRate };
}

export interface SpeechLikeOptions {
  sampleRate: number;
  seconds: number;
  /** Mean fundamental frequency in Hz. */
  f0?: number;
  /** Peak amplitude of the result. */
  peak?: number;
  seed?: number;
}

/**
 * A voiced-speech stand-in: a glottal-like harmonic source (−6 dB/octave, band-limited to 4.5 kHz)
 * whose F0 drifts slowly by ±8 % around `f0`, shaped by three formant resonators, cut into
 * syllable-long "words" (170–270 ms with 20 ms ramps) separated by 60–140 ms pauses, over a faint
 * noise floor. Each syllable is reported as a word with its true audio times.
 */
export function speechLike(options: SpeechLikeOptions): TimedPcm {
  const { sampleRate, seconds, f0 = 120, peak = 0.5, seed = 1 } = options;
  const random = noiseSource(seed);
  const n = Math.round(seconds * sampleRate);
  const envelope = new Float32Array(n);
  const words: WordTiming[] = [];
  const ramp = 0.02;
  let text = '';
  for (let t = 0.1 + 0.05 * (random() + 1); ; ) {
    const length = 0.22 + 0.05 * random();
    if (t + length > seconds - 0.05) break;
    const word = `w${words.length}`;
    words.push({ text: word, offset: text.length, length: word.length, start: t, end: t + length });
    text += `${word} `;
    for (let i = Math.round(t * sampleRate); i < Math.min(n, Math.round((t + length) * sampleRate)); i++) {
      const local = i / sampleRate - t;
      const edge = Math.min(local, length - local) / ramp;
      envelope[i] = edge >= 1 ? 1 : 0.5 - 0.5 * Math.cos(Math.PI * Math.max(0, edge));
    }
    t += length + 0.1 + 0.04 * random();
  }

  const maxF0 = f0 * 1.1;
  const harmonics = Math.max(1, Math.floor(Math.min(4500, 0.45 * sampleRate) / maxF0));
  const source = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const time = i / sampleRate;
    const frequency = f0 * (1 + 0.06 * Math.sin(2 * Math.PI * 0.7 * time) + 0.02 * Math.sin(2 * Math.PI * 2.3 * time + 1));
    phase += (2 * Math.PI * frequency) / sampleRate;
    if (phase > 2 * Math.PI) phase -= 2 * Math.PI;
    if (envelope[i] === 0) continue;
    // sin(kφ) by the Chebyshev recurrence: one cos per sample instead of one sin per harmonic.
    const twoCos = 2 * Math.cos(phase);
    let previous = 0;
    let current = Math.sin(phase);
    let sum = 0;
    for (let k = 1; k <= harmonics; k++) {
      sum += current / k;
      const next = twoCos * current - previous;
      previous = current;
      current = next;
    }
    source[i] = sum * envelope[i];
  }

  let shaped: Float32Array = source;
  for (const [frequency, bandwidth] of [[650, 90], [1400, 120], [2600, 180]] as const) {
    shaped = resonate(shaped, sampleRate, frequency, bandwidth);
  }
  let max = 0;
  for (const v of shaped) max = Math.max(max, Math.abs(v));
  const samples = new Float32Array(n);
  for (let i = 0; i < n; i++) samples[i] = (max > 0 ? (shaped[i] / max) * peak : 0) + 3e-4 * random();
  return { samples, sampleRate, words };
}

/** A two-pole resonator with unity gain at DC removed by mixing in the input (a formant peak). */
function resonate(input: Float32Array, sampleRate: number, frequency: number, bandwidth: number): Float32Array {
  const r = Math.exp((-Math.PI * bandwidth) / sampleRate);
  const a1 = -2 * r * Math.cos((2 * Math.PI * frequency) / sampleRate);
  const a2 = r * r;
  const gain = 1 - r;
  const out = new Float32Array(input.length);
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const y = gain * input[i] - a1 * y1 - a2 * y2;
    out[i] = y + 0.3 * input[i];
    y2 = y1;
    y1 = y;
  }
  return out;
}

/** Sample-accurate length in seconds. */
export function seconds(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}

/**
 * For each word, how far (seconds) the audible onset found in the audio lies from the word's
 * `start`: the first 2 ms frame, searching from the middle of the pause before the word (at most
 * 150 ms before it), whose level comes within 30 dB of the loudest frame. Small errors mean the word timings still describe the audio.
 */
export function onsetErrors(timed: TimedPcm): number[] {
  const frame = Math.max(1, Math.round(0.002 * timed.sampleRate));
  const levels: number[] = [];
  for (let from = 0; from < timed.samples.length; from += frame) {
    let sum = 0;
    const to = Math.min(timed.samples.length, from + frame);
    for (let i = from; i < to; i++) sum += timed.samples[i] ** 2;
    levels.push(10 * Math.log10(sum / (to - from) + 1e-30));
  }
  const gate = Math.max(...levels) - 30;
  return timed.words.map((word, i) => {
    const previousEnd = i > 0 ? timed.words[i - 1].end : 0;
    const from = Math.max(word.start - 0.15, (previousEnd + word.start) / 2);
    const startFrame = Math.max(0, Math.floor((from * timed.sampleRate) / frame));
    for (let f = startFrame; f < levels.length; f++) {
      if (levels[f] >= gate) return Math.abs((f * frame) / timed.sampleRate - word.start);
    }
    return Infinity;
  });
}

export function maxOf(values: readonly number[]): number {
  return values.reduce((a, b) => Math.max(a, b), -Infinity);
}

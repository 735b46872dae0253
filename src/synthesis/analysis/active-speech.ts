import type { Pcm } from '../audio.js';

export interface SpeechBounds {
  /** Seconds from the start of the audio to the first active frame. */
  start: number;
  /** Seconds from the start to the end of the last active frame. */
  end: number;
}

export interface ActiveSpeechOptions {
  /** A frame is active when its level is within this many dB of the loudest frame. Default 40. */
  rangeDb?: number;
  /** …and above this absolute level in dBFS. Default −60. */
  floorDb?: number;
}

const frameSeconds = 0.01;

/**
 * Where speech begins and ends, leading and trailing silence excluded, from 10 ms frame levels
 * relative to the loudest frame; silence inside the speech is kept. Null when nothing is active.
 */
export function activeSpeech(pcm: Pcm, options: ActiveSpeechOptions = {}): SpeechBounds | null {
  const { rangeDb = 40, floorDb = -60 } = options;
  const frame = Math.max(1, Math.round(frameSeconds * pcm.sampleRate));
  // A local, not pcm.samples in the loop: V8 then keeps the array in hand (every sentence passes here).
  const samples = pcm.samples;
  const count = Math.ceil(samples.length / frame);
  const levels = new Float64Array(count);
  let loudest = -Infinity;
  for (let f = 0; f < count; f++) {
    const from = f * frame;
    const to = Math.min(samples.length, from + frame);
    let sum = 0;
    for (let i = from; i < to; i++) sum += samples[i] * samples[i];
    levels[f] = 10 * Math.log10(sum / (to - from) + 1e-30);
    loudest = Math.max(loudest, levels[f]);
  }
  const gate = Math.max(floorDb, loudest - rangeDb);
  let first = -1;
  let last = -1;
  for (let f = 0; f < count; f++) {
    if (levels[f] >= gate) {
      if (first < 0) first = f;
      last = f;
    }
  }
  if (first < 0) return null;
  return {
    start: (first * frame) / pcm.sampleRate,
    end: Math.min(samples.length, (last + 1) * frame) / pcm.sampleRate,
  };
}

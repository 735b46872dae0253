import type { Pcm, TimedPcm } from '../audio.js';
import { activeSpeech } from '../analysis/active-speech.js';

/** Silence kept around the speech so onsets and releases are not clipped. */
const marginSeconds = 0.03;

/**
 * Engines pad sentences with silence of their own; removing it lets the pipeline choose the
 * pauses between sentences. Word times move with the cut and stay inside the audio.
 */
export function trimSilence(timed: TimedPcm): TimedPcm {
  const bounds = keptSamples(timed);
  if (!bounds) return timed;
  const { sampleRate, samples } = timed;
  const from = Math.max(0, bounds.from);
  const to = Math.min(samples.length, bounds.to);
  const shift = from / sampleRate;
  const duration = (to - from) / sampleRate;
  const clampTime = (t: number) => Math.min(duration, Math.max(0, t - shift));
  return {
    // A view, not a copy: every later stage writes a new array, and a piece that leaves the thread
    // is copied into a buffer of its own then (transfer.ts), so the cut costs nothing here.
    samples: samples.subarray(from, to),
    sampleRate,
    words: timed.words.map((w) => ({ ...w, start: clampTime(w.start), end: clampTime(w.end) })),
  };
}

/**
 * The samples trimming keeps (speech and its margins), not clamped to the audio: a caller trimming
 * a stretch of a longer audio may take the margins from around it. Null when nothing is speech.
 */
export function keptSamples(pcm: Pcm): { from: number; to: number } | null {
  const bounds = activeSpeech(pcm, { rangeDb: 50, floorDb: -55 });
  if (!bounds) return null;
  return { from: Math.floor((bounds.start - marginSeconds) * pcm.sampleRate), to: Math.ceil((bounds.end + marginSeconds) * pcm.sampleRate) };
}

import type { TimedPcm } from '../audio.js';
import { activeSpeech } from '../analysis/active-speech.js';

/** Silence kept around the speech so onsets and releases are not clipped. */
const marginSeconds = 0.03;

/**
 * Engines pad sentences with silence of their own; removing it lets the pipeline choose the
 * pauses between sentences. Word times move with the cut and stay inside the audio.
 */
export function trimSilence(timed: TimedPcm): TimedPcm {
  const bounds = activeSpeech(timed, { rangeDb: 50, floorDb: -55 });
  if (!bounds) return timed;
  const { sampleRate, samples } = timed;
  const from = Math.max(0, Math.floor((bounds.start - marginSeconds) * sampleRate));
  const to = Math.min(samples.length, Math.ceil((bounds.end + marginSeconds) * sampleRate));
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

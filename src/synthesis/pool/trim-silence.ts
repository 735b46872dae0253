import type { TimedPcm } from '../audio.js';

/** Level under which a 10 ms frame counts as silence (−50 dBFS RMS). */
const silenceRms = 10 ** (-50 / 20);
/** Silence kept around the speech so onsets and releases are not clipped. */
const marginSeconds = 0.03;

/**
 * Engines pad sentences with silence of their own; removing it lets the pipeline choose the
 * pauses between sentences. Word times move with the cut and stay inside the audio.
 */
export function trimSilence(timed: TimedPcm): TimedPcm {
  const { samples, sampleRate } = timed;
  const frame = Math.max(1, Math.round(sampleRate * 0.01));
  const loud = (start: number) => {
    let sum = 0;
    const end = Math.min(samples.length, start + frame);
    for (let i = start; i < end; i++) sum += samples[i] * samples[i];
    return Math.sqrt(sum / Math.max(1, end - start)) > silenceRms;
  };
  let first = 0;
  while (first < samples.length && !loud(first)) first += frame;
  if (first >= samples.length) return timed;
  let last = samples.length - frame;
  while (last > first && !loud(last)) last -= frame;
  const margin = Math.round(sampleRate * marginSeconds);
  const from = Math.max(0, first - margin);
  const to = Math.min(samples.length, last + frame + margin);
  const shift = from / sampleRate;
  const duration = (to - from) / sampleRate;
  const clampTime = (t: number) => Math.min(duration, Math.max(0, t - shift));
  return {
    samples: samples.slice(from, to),
    sampleRate,
    words: timed.words.map((w) => ({ ...w, start: clampTime(w.start), end: clampTime(w.end) })),
  };
}

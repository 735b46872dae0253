import type { TimedPcm, WordTiming } from '../audio.js';
import { fadeOutInPlace } from './fade.js';

/** Sound kept after the last whole word, for its release (stops, breath), unless the limit is nearer. */
const tailSeconds = 0.05;

/**
 * Shortens `timed` to at most `maxSeconds`. When a word ends by then, the cut falls after the last
 * such word: at its end plus a 50 ms tail, but never past the next word's start or the limit, and
 * later words are dropped. When none does (no words, or the first word is too long), the cut is
 * hard at the limit and a word it splits keeps its start with its end moved to the cut. The last
 * 10 ms fade out so the cut does not click. Audio already short enough comes back unchanged.
 */
export function cutAtMaxLength(timed: TimedPcm, maxSeconds: number): TimedPcm {
  if (!Number.isFinite(maxSeconds) || maxSeconds < 0) throw new RangeError(`invalid maximum length ${maxSeconds}`);
  const limit = Math.floor(maxSeconds * timed.sampleRate);
  if (timed.samples.length <= limit) return { ...timed, samples: timed.samples.slice(), words: timed.words.map((w) => ({ ...w })) };

  const words = [...timed.words].sort((a, b) => a.start - b.start);
  let last = -1;
  for (let i = 0; i < words.length; i++) if (words[i].end * timed.sampleRate <= limit) last = i;
  let cut: number;
  let kept: WordTiming[];
  if (last >= 0) {
    const nextStart = last + 1 < words.length ? words[last + 1].start : Infinity;
    cut = Math.min(limit, Math.round(Math.min(words[last].end + tailSeconds, nextStart) * timed.sampleRate));
    kept = words.slice(0, last + 1).map((w) => ({ ...w }));
  } else {
    cut = limit;
    const end = cut / timed.sampleRate;
    kept = words.filter((w) => w.start < end).map((w) => ({ ...w, end: Math.min(w.end, end) }));
  }
  const samples = timed.samples.slice(0, cut);
  fadeOutInPlace(samples, timed.sampleRate);
  return { ...timed, samples, words: kept };
}

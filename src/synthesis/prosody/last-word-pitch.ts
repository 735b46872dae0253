import type { TimedPcm } from '../audio.js';
import { shiftPitch } from '../dsp/time-pitch.js';

/** Semitones per `last_pitch` step: −2 … 2 moves the sentence end by up to 4 semitones. */
export const semitonesPerStep = 2;
/** Crossfade into the shifted tail, long enough to hide the seam, short against a syllable. */
const crossfadeSeconds = 0.02;

/**
 * `last_pitch`: raises or lowers the pitch of a sentence's last word (a rising or falling end),
 * leaving the rest and every duration as they are. The tail from the last word's onset is
 * pitch-shifted and crossfaded in.
 */
export async function shiftLastWordPitch(sentence: TimedPcm, steps: number): Promise<TimedPcm> {
  const last = sentence.words.at(-1);
  if (!steps || !last) return sentence;
  const { samples, sampleRate } = sentence;
  const fade = Math.round(crossfadeSeconds * sampleRate);
  const from = Math.max(0, Math.round(last.start * sampleRate) - fade);
  if (from >= samples.length - 1) return sentence;
  const tail = await shiftPitch({ samples: samples.subarray(from), sampleRate, words: [] }, steps * semitonesPerStep);
  const out = samples.slice();
  for (let i = 0; i < tail.samples.length; i++) {
    const mix = i < fade ? i / fade : 1;
    out[from + i] = samples[from + i] * (1 - mix) + tail.samples[i] * mix;
  }
  return { ...sentence, samples: out };
}

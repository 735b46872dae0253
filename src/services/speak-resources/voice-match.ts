import { listBuiltinVoices } from '../../synthesis/catalog/catalog.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import type { CatalogVoice, Gender } from '../../synthesis/catalog/voice-types.js';

/** Speaking F0 of the engines' plain male and female variants (measured on eSpeak NG, the tier every language has), before a voice's own pitch offset. */
const baseF0: Record<Gender, number> = { male: 104, female: 210 };
/** Below this median F0 a sample is taken for a male voice. */
const genderBoundaryHz = 160;
/** The pitch correction is kept modest: past it, shifted speech sounds processed. */
const maxOffsetSemitones = 6;

export interface VoiceMatch {
  voice: CatalogVoice;
  /** Semitones that bring the voice's pitch to the sample's. */
  pitchOffset: number;
}

const semitones = (from: number, to: number) => 12 * Math.log2(to / from);

/**
 * The simple adaptation of `tts_mode: audio_file` until voice cloning lands: the built-in voice
 * of the sample's apparent gender whose expected pitch is nearest the sample's median F0, with
 * its pitch moved the rest of the way. Only voices on every model version are candidates, so
 * any `model_version` works.
 */
export function matchVoice(medianF0: number): VoiceMatch {
  const gender: Gender = medianF0 < genderBoundaryHz ? 'male' : 'female';
  const candidates = listBuiltinVoices().filter((v) => v.gender === gender && modelsOf(v).length === 3);
  let best = candidates[0];
  let bestDistance = Infinity;
  for (const voice of candidates) {
    const distance = Math.abs(semitones(expectedF0(voice), medianF0));
    if (distance < bestDistance) {
      best = voice;
      bestDistance = distance;
    }
  }
  const offset = semitones(expectedF0(best), medianF0);
  return { voice: best, pitchOffset: Math.max(-maxOffsetSemitones, Math.min(maxOffsetSemitones, offset)) };
}

export function expectedF0(voice: CatalogVoice): number {
  return baseF0[voice.gender] * 2 ** (voice.sound.pitch / 12);
}

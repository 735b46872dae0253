import { bandCentres } from './bands.js';

/**
 * A custom voice as the engines can speak it: which built-in engine voice comes closest to the
 * sample, the prosody that moves it to the sample's pitch, range and rate, and the spectral
 * changes (formant scale, equalizer) that move its timbre toward the sample's. Stored with the
 * voice as JSON; `version` lets later profiles be told apart.
 */
export interface VoiceProfile {
  version: 1;
  /** Gender of the base voice, chosen from the sample's F0 (also picks the whisper variant). */
  gender: 'female' | 'male';
  /** eSpeak NG variant of the base voice (with the language's eSpeak voice at synthesis). */
  variant: string;
  /** Semitones added to the base voice's pitch level. */
  pitch: number;
  /** Multiplier of the base voice's pitch excursions. */
  range: number;
  /** Multiplier of the base voice's speaking rate. */
  rate: number;
  /** Factor on formant frequencies (1 = unchanged; kept only where it brought the spectrum closer). */
  formantScale: number;
  /** Equalizer gain per third-octave band of `bandCentres`, dB, within ±`maxEqDb`. */
  eqDb: number[];
  /** What the sample measured, for reference (Hz, nuclei per second of speech). */
  sample: { medianF0: number; p5F0: number; p95F0: number; speakingRate: number; seconds: number };
}

export const maxEqDb = 12;

/** Checks a stored profile's shape before it reaches the DSP (a damaged row must not crash a worker). */
export function parseVoiceProfile(json: string): VoiceProfile {
  const value = JSON.parse(json) as VoiceProfile;
  const finite = (x: unknown, low: number, high: number) => typeof x === 'number' && Number.isFinite(x) && x >= low && x <= high;
  const ok =
    value &&
    value.version === 1 &&
    (value.gender === 'female' || value.gender === 'male') &&
    typeof value.variant === 'string' &&
    /^[A-Za-z][A-Za-z0-9]{0,31}$/.test(value.variant) &&
    finite(value.pitch, -24, 24) &&
    finite(value.range, 0, 4) &&
    finite(value.rate, 0.25, 4) &&
    finite(value.formantScale, 0.5, 2) &&
    Array.isArray(value.eqDb) &&
    value.eqDb.length === bandCentres.length &&
    value.eqDb.every((g) => finite(g, -maxEqDb, maxEqDb));
  if (!ok) throw new Error('stored voice profile is malformed');
  return value;
}

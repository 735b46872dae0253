import type { EngineProsody } from '../engines/engine.js';
import { femaleVariants, maleVariants } from '../engines/espeak/variants.js';
import { bandCentres } from './bands.js';
import { envelopeBinHz } from './block-frames.js';
import { findFormantScale } from './envelope.js';
import type { VoiceMeasurements } from './voice-analyser.js';
import { maxEqDb, type VoiceProfile } from './voice-profile.js';

export type CalibrationTimbre = Pick<VoiceProfile, 'formantScale' | 'eqDb'>;

/** Measurements of a calibration reading, and the same reading measured again through a timbre. */
export interface CalibrationReading {
  measurements: VoiceMeasurements;
  /**
   * The reading with `timbre` applied to it, measured for its long-term spectrum only (`ltasDb`;
   * the other figures are not measured): what a rendering with that timbre would measure, without
   * rendering again. Absent for readings measured in advance.
   */
  spectrumThrough?: (timbre: CalibrationTimbre) => Promise<VoiceMeasurements>;
}

/** Renders the calibration sentences with a base voice (and optionally a profile's timbre) and measures them. */
export type CalibrationMeasurer = (
  variant: string,
  prosody: Pick<EngineProsody, 'pitch' | 'range' | 'rate'>,
  timbre?: CalibrationTimbre,
) => Promise<CalibrationReading>;

export interface ProfileOptions {
  /**
   * Professional clones: more base voices compared and more calibration rounds (each renders the
   * full profile, measures it and corrects what is still off).
   */
  careful?: boolean;
}

/** Thrown when a sample holds too little voiced speech to measure a voice from. */
export class NotEnoughSpeechError extends Error {
  constructor(readonly voicedSeconds: number, readonly neededSeconds: number) {
    super(
      `The recording holds only ${voicedSeconds.toFixed(1)} s of voiced speech; at least ${neededSeconds} s are needed. ` +
        'Upload a recording of one person speaking clearly, without long silences or music.',
    );
    this.name = 'NotEnoughSpeechError';
  }
}

/** Below this median F0 a voice starts from a male base voice, above it from a female one. */
const genderBoundaryHz = 165;
const quickCandidates = { male: ['m1', 'm3', 'm6', 'm7'], female: ['f1', 'f2', 'f3', 'f4'] };
const carefulCandidates = { male: maleVariants.filter((v) => /^m\d$/.test(v)), female: femaleVariants.filter((v) => /^f\d$/.test(v)) };
/** Every base voice a profile may start from, quick or careful: those measured neutrally in advance (neutral-measurements.ts). */
export const candidateVariants: readonly string[] = [...new Set([...Object.values(quickCandidates), ...Object.values(carefulCandidates)].flat())];
/** How much of the remaining spectral difference each careful round corrects (less than all: measurements are noisy). */
const eqStep = 0.8;

export function minVoicedSeconds(careful: boolean): number {
  return careful ? 30 : 2;
}

/**
 * Fits a profile to a sample's measurements: the base voice whose formant pattern is closest,
 * pitch level, range and rate from the sample's F0 statistics and syllable rate (checked on a
 * calibration rendering and corrected once, or over several rounds when careful), a formant scale
 * kept only when it brings the envelopes closer, and an equalizer that moves the rendered
 * long-term spectrum onto the sample's.
 */
export async function buildVoiceProfile(sample: VoiceMeasurements, measure: CalibrationMeasurer, options: ProfileOptions = {}): Promise<VoiceProfile> {
  const careful = options.careful ?? false;
  const needed = minVoicedSeconds(careful);
  if (!(sample.voicedSeconds >= needed) || !Number.isFinite(sample.f0.median) || sample.speakingRate <= 0) {
    throw new NotEnoughSpeechError(sample.voicedSeconds, needed);
  }
  const gender = sample.f0.median < genderBoundaryHz ? 'male' : 'female';
  const candidates = (careful ? carefulCandidates : quickCandidates)[gender];
  const neutral = (await Promise.all(candidates.map((variant) => measure(variant, { pitch: 0, range: 1, rate: 1 })))).map((r) => r.measurements);
  const fits = neutral.map((base) => findFormantScale(sample.envelopeDb, base.envelopeDb, envelopeBinHz).cost);
  const chosen = fits.indexOf(Math.min(...fits));
  const variant = candidates[chosen];
  const base = neutral[chosen];

  const sampleSpan = span(sample);
  let prosody = {
    pitch: clamp(semitones(base.f0.median, sample.f0.median), -24, 24),
    range: clamp(sampleSpan / Math.max(0.5, span(base)), 0.05, 4),
    rate: clamp(sample.speakingRate / base.speakingRate, 0.3, 3.5),
  };
  const reading = await measure(variant, prosody);
  let rendered = reading.measurements;
  // Formants hardly move with eSpeak's pitch and rate, so this rendering serves the formant search too.
  const formantScale = findFormantScale(sample.envelopeDb, rendered.envelopeDb, envelopeBinHz).scale;
  const prosodyRendered = prosody;
  prosody = corrected(prosody, rendered, sample);

  let eqDb = bandCentres.map(() => 0);
  if (careful) {
    rendered = (await measure(variant, prosody, { formantScale, eqDb })).measurements;
  } else {
    // An instant clone's equalizer comes from the same reading through the formant filter, not
    // from a second rendering at the corrected prosody: the engine renders the calibration once
    // instead of twice, and the clones' spectra stay within a few hundredths of a dB.
    const timbre = { formantScale, eqDb };
    rendered = reading.spectrumThrough ? await reading.spectrumThrough(timbre) : (await measure(variant, prosodyRendered, timbre)).measurements;
  }
  eqDb = equalizer(eqDb, sample.ltasDb, rendered.ltasDb, 1);
  if (careful) {
    for (let round = 0; round < 2; round++) {
      rendered = (await measure(variant, prosody, { formantScale, eqDb })).measurements;
      prosody = corrected(prosody, rendered, sample);
      eqDb = equalizer(eqDb, sample.ltasDb, rendered.ltasDb, eqStep);
    }
  }

  return {
    version: 1,
    gender,
    variant,
    pitch: round3(prosody.pitch),
    range: round3(prosody.range),
    rate: round3(prosody.rate),
    formantScale: round3(formantScale),
    eqDb: eqDb.map(round3),
    sample: {
      medianF0: round3(sample.f0.median),
      p5F0: round3(sample.f0.p5),
      p95F0: round3(sample.f0.p95),
      speakingRate: round3(sample.speakingRate),
      seconds: round3(sample.seconds),
    },
  };
}

type Prosody = { pitch: number; range: number; rate: number };

/** One correction step from what a rendering with `prosody` measured against the sample. */
function corrected(prosody: Prosody, rendered: VoiceMeasurements, sample: VoiceMeasurements): Prosody {
  return {
    pitch: clamp(prosody.pitch + semitones(rendered.f0.median, sample.f0.median), -24, 24),
    range: clamp(prosody.range * (span(sample) / Math.max(0.5, span(rendered))), 0.05, 4),
    rate: clamp(prosody.rate * (sample.speakingRate / Math.max(0.1, rendered.speakingRate)), 0.3, 3.5),
  };
}

/**
 * `current` moved by `step` of the band differences, smoothed over neighbouring bands (a third
 * octave is finer than a long-term average is steady), levelled to no overall gain, limited.
 */
function equalizer(current: readonly number[], target: readonly number[], rendered: readonly number[], step: number): number[] {
  const raw = current.map((gain, b) => gain + step * (target[b] - rendered[b]));
  const smoothed = raw.map((_, b) => 0.25 * raw[Math.max(0, b - 1)] + 0.5 * raw[b] + 0.25 * raw[Math.min(raw.length - 1, b + 1)]);
  const mean = smoothed.reduce((s, g) => s + g, 0) / smoothed.length;
  return smoothed.map((g) => clamp(g - mean, -maxEqDb, maxEqDb));
}

/** Semitones between the 5th and 95th percentile of F0. */
function span(m: VoiceMeasurements): number {
  return semitones(m.f0.p5, m.f0.p95);
}

export function semitones(from: number, to: number): number {
  return 12 * Math.log2(to / from);
}

function clamp(value: number, low: number, high: number): number {
  return Number.isFinite(value) ? Math.min(high, Math.max(low, value)) : (low + high) / 2;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

import type { EngineOutput, EngineProsody } from '../engine.js';
import type { EspeakParameters } from './espeak-runtime.js';
import { pitchShiftTable, pitchSteps, rangeSteps, rateSteps, speedupTable } from './prosody-calibration.js';

const maxRange = 99;
const maxPitch = 100;
const normalRange = 50;

/** What eSpeak is asked for, and what that achieves in the caller's units. */
export interface EspeakProsodyPlan {
  parameters: EspeakParameters;
  applied: EngineOutput['applied'];
  /** Rate multiplier eSpeak delivers (1 when rate is left to DSP). */
  rate: number;
  /** Median-F0 shift in semitones eSpeak is expected to deliver (by the calibration table). */
  pitch: number;
}

/**
 * Maps relative prosody onto eSpeak's parameters.
 *
 * Pitch: eSpeak's `pitch` scales only the base of the intonation contour and its `range` only the
 * excursions above it (in Hz), so moving `pitch` alone squeezes the contour upwards and flattens it
 * downwards. A shift of N semitones scales both: `range` by 2^(N/12) on top of the requested range
 * multiplier, then `pitch` is found in the measured table so the median F0 lands N semitones from
 * the voice's normal one. eSpeak reaches about −9 to +10 semitones this way; beyond that the
 * request is clamped (applied, partly). Range is applied as asked, clamped to 0–99.
 *
 * Rate goes through the measured duration table; outside what eSpeak can do (about 0.48–2.47×) it
 * is left entirely to DSP, which can then honour it exactly. Volume up to 1 is eSpeak's amplitude
 * (linear there); louder is left to DSP, since eSpeak's amplitude clips above about 1.2.
 */
export function planEspeakProsody(prosody: EngineProsody): EspeakProsodyPlan {
  for (const [name, value] of Object.entries(prosody)) {
    if (!Number.isFinite(value)) throw new RangeError(`prosody.${name} must be a finite number, got ${value}`);
  }

  const range = clamp(Math.round(normalRange * Math.max(0, prosody.range) * 2 ** (prosody.pitch / 12)), 0, maxRange);
  const pitchCurve = pitchCurveAt(range);
  const neutralPitch = prosody.pitch === 0 && prosody.range === 1;
  const pitch = neutralPitch ? 50 : clamp(Math.round(invert(pitchSteps, pitchCurve, prosody.pitch)), 0, maxPitch);
  const pitchAchieved = pitch === 50 && range === normalRange ? 0 : interpolate(pitchSteps, pitchCurve, pitch);
  const pitchApplied = prosody.pitch === 0 || Math.sign(pitchAchieved) === Math.sign(prosody.pitch);

  const fastest = speedupTable[speedupTable.length - 1];
  const rateApplied = prosody.rate >= speedupTable[0] && prosody.rate <= fastest;
  const rate = prosody.rate === 1 || !rateApplied ? 175 : Math.round(invert(rateSteps, speedupTable, prosody.rate));

  const volumeApplied = prosody.volume >= 0 && prosody.volume <= 1;
  const volume = volumeApplied ? Math.round(100 * prosody.volume) : 100;

  return {
    parameters: { rate, pitch, range, volume },
    applied: { rate: rateApplied, pitch: pitchApplied, range: true, volume: volumeApplied },
    rate: rateApplied ? interpolate(rateSteps, speedupTable, rate) : 1,
    pitch: pitchAchieved,
  };
}

/** The table's semitone shift for every pitch step at an eSpeak range between the measured rows. */
function pitchCurveAt(range: number): number[] {
  return pitchSteps.map((_, column) => interpolate(rangeSteps, pitchShiftTable.map((row) => row[column]), range));
}

/** Piecewise-linear y(x) through increasing xs, held flat beyond the ends. */
function interpolate(xs: readonly number[], ys: readonly number[], x: number): number {
  if (x <= xs[0]) return ys[0];
  for (let i = 1; i < xs.length; i++) {
    if (x <= xs[i]) return ys[i - 1] + ((ys[i] - ys[i - 1]) * (x - xs[i - 1])) / (xs[i] - xs[i - 1]);
  }
  return ys[ys.length - 1];
}

/** x for which the increasing piecewise-linear y(x) equals y, clamped to the ends. */
function invert(xs: readonly number[], ys: readonly number[], y: number): number {
  return interpolate(ys, xs, y);
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

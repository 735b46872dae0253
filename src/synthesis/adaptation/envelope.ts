/**
 * Spectral envelopes and the formant-scale search. The envelope of a frame is its cepstrally
 * smoothed log spectrum: the harmonics' ripple (period F0 in frequency) lies at quefrencies above
 * the lifter, the vocal tract's resonances below it.
 */

import { CosineTransform } from './cosine-transform.js';

/** Cepstral coefficients kept: at 16 kHz, detail finer than ~530 Hz is smoothed away, above any F0 of speech. */
export const envelopeLifter = 30;

const decibelsPerNeper = 10 / Math.LN10;

/**
 * Smoothed log spectrum (dB) of one frame's power spectrum (`size / 2 + 1` bins). The log
 * spectrum of a real frame is even, so its cepstrum and the envelope back from it are cosine
 * sums: each is a type-I cosine transform of the `size / 2 + 1` values, run as a real FFT of
 * `size / 2` points (cosine-transform.ts), half the transform of the evenly extended sequence.
 */
export class CepstralEnvelope {
  private readonly bins: number;
  private readonly cosine: CosineTransform;
  private readonly logSpectrum: Float64Array;
  private readonly sums: Float64Array;
  private readonly taper: Float64Array;
  private readonly cepstrum: Float64Array;

  constructor(
    readonly size: number,
    readonly lifter = envelopeLifter,
  ) {
    this.bins = size / 2 + 1;
    this.cosine = new CosineTransform(size / 2);
    this.logSpectrum = new Float64Array(this.bins);
    this.sums = new Float64Array(this.bins);
    // A half-cosine taper on the last coefficients avoids ringing from a sharp lifter.
    this.taper = Float64Array.from({ length: lifter + 1 }, (_, n) =>
      n <= lifter * 0.75 ? 1 : 0.5 + 0.5 * Math.cos((Math.PI * (n - lifter * 0.75)) / (lifter * 0.25 + 1)),
    );
    this.cepstrum = new Float64Array(lifter + 1);
  }

  /** Writes the envelope in dB into `out` (length `size / 2 + 1`). */
  of(power: ArrayLike<number>, out: Float64Array): Float64Array {
    return this.fromCepstrum(this.cepstrumOf(power, this.cepstrum), out);
  }

  /**
   * The liftered cepstrum (`lifter + 1` coefficients) of one frame's power spectrum. The envelope
   * is linear in it, so the mean envelope of many frames is the envelope of their mean cepstrum.
   */
  cepstrumOf(power: ArrayLike<number>, out: Float64Array): Float64Array {
    const { bins, size, lifter, logSpectrum, sums, taper } = this;
    // 10·log10 as a multiple of the natural log, which costs half as much.
    for (let k = 0; k < bins; k++) logSpectrum[k] = decibelsPerNeper * Math.log(power[k] + 1e-12);
    // Coefficient n of the even sequence's DFT (length `size`) is twice the cosine transform's.
    this.cosine.transform(logSpectrum, sums, lifter + 1);
    const scale = 2 / size;
    for (let n = 0; n <= lifter; n++) out[n] = sums[n] * scale * taper[n];
    return out;
  }

  /** The envelope in dB (`size / 2 + 1` bins) of a liftered cepstrum from `cepstrumOf`, into `out`. */
  fromCepstrum(cepstrum: ArrayLike<number>, out: Float64Array): Float64Array {
    const { bins, lifter } = this;
    // c[0] + 2 Σ c[n] cos(π n k / M): twice the cosine transform of the coefficients.
    this.cosine.transform(cepstrum, out, bins, lifter + 1);
    for (let k = 0; k < bins; k++) out[k] *= 2;
    return out;
  }
}

/** An envelope (dB per bin, bins `binHz` apart) read at frequency f by linear interpolation. */
export function envelopeAt(envelope: ArrayLike<number>, binHz: number, frequency: number): number {
  const position = frequency / binHz;
  if (position <= 0) return envelope[0];
  const last = envelope.length - 1;
  if (position >= last) return envelope[last];
  const low = Math.floor(position);
  return envelope[low] + (envelope[low + 1] - envelope[low]) * (position - low);
}

/** Where formant positions are compared: F1 to F4 of adult speech. */
const compareFrom = 300;
const compareTo = 5000;

/**
 * How far `sample` is from `base` with base's formants moved by `scale` (its envelope read at
 * f / scale): the RMS of the dB difference after removing the best level and tilt (a straight
 * line in log-frequency), which the equalizer handles. What is left is formant positions.
 */
export function warpedEnvelopeCost(sample: ArrayLike<number>, base: ArrayLike<number>, binHz: number, scale: number): number {
  const xs: number[] = [];
  const rs: number[] = [];
  for (let k = Math.ceil(compareFrom / binHz); k * binHz <= compareTo && k < sample.length; k++) {
    const frequency = k * binHz;
    xs.push(Math.log2(frequency));
    rs.push(sample[k] - envelopeAt(base, binHz, frequency / scale));
  }
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const mr = rs.reduce((s, r) => s + r, 0) / n;
  let sxx = 0;
  let sxr = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxr += (xs[i] - mx) * (rs[i] - mr);
  }
  const slope = sxx > 0 ? sxr / sxx : 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (rs[i] - mr - slope * (xs[i] - mx)) ** 2;
  return Math.sqrt(sum / n);
}

export interface FormantScaleEstimate {
  /** Factor on formant frequencies that brings base closest to sample; 1 when no scale helps enough. */
  scale: number;
  /** Cost (dB) at that scale and at 1. */
  cost: number;
  neutralCost: number;
}

/** Formant scales searched: ±25 %, wider than one speaker to another of the same sex. */
const smallestScale = 0.8;
const largestScale = 1.25;
/** A scale is kept only when it brings the envelopes closer by at least this much (dB). */
const worthwhileGain = 0.2;

/** Grid search in 1 % steps, then a parabola through the best three for a finer answer. */
export function findFormantScale(sample: ArrayLike<number>, base: ArrayLike<number>, binHz: number): FormantScaleEstimate {
  const neutralCost = warpedEnvelopeCost(sample, base, binHz, 1);
  const steps: number[] = [];
  for (let s = Math.log(smallestScale); s <= Math.log(largestScale) + 1e-9; s += 0.01) steps.push(s);
  const costs = steps.map((s) => warpedEnvelopeCost(sample, base, binHz, Math.exp(s)));
  let best = 0;
  for (let i = 1; i < costs.length; i++) if (costs[i] < costs[best]) best = i;
  let logScale = steps[best];
  if (best > 0 && best < costs.length - 1) {
    const [a, b, c] = [costs[best - 1], costs[best], costs[best + 1]];
    const denominator = a - 2 * b + c;
    if (denominator > 0) logScale += (0.01 * 0.5 * (a - c)) / denominator;
  }
  const scale = Math.exp(logScale);
  const cost = warpedEnvelopeCost(sample, base, binHz, scale);
  if (neutralCost - cost < worthwhileGain || Math.abs(scale - 1) < 0.01) return { scale: 1, cost: neutralCost, neutralCost };
  return { scale, cost, neutralCost };
}

import type { TimedPcm } from '../audio.js';
import { bandGainAt } from './bands.js';
import { CepstralEnvelope, envelopeLifter } from './envelope.js';
import { hannWindow } from './fft.js';
import { RealFft } from './real-fft.js';
import type { VoiceProfile } from './voice-profile.js';
import { analysisRate } from './block-frames.js';

/** ~46 ms frames at 22.05 kHz: fine enough for the envelope, short enough for speech. */
const frameSeconds = 0.046;

/**
 * The profile's timbre on rendered speech: each short-time spectrum is multiplied by a gain that
 * moves its envelope to the envelope read at f / formantScale (formants move, harmonics stay, so
 * F0 and duration are unchanged) and then by the equalizer. Zero-phase gains; the length and the
 * word times are kept exactly.
 *
 * Frames are Hann-windowed half a frame apart and added back as they come out of the inverse
 * transform, with no second window: periodic Hann windows half a length apart sum to exactly 1,
 * so the output is the input cross-faded from one frame's filter to the next. The gains are
 * smooth (a cepstral envelope, third-octave bands), so what a frame's filtering spreads past its
 * edges and wraps around is a few samples where the window is near 0. This took half the
 * transforms of the four-times-overlapped frames with a synthesis window it replaced, and reads
 * the same frames' envelopes (every 23 ms at 22.05 kHz).
 */
export function applyVoiceProfile(speech: TimedPcm, profile: Pick<VoiceProfile, 'formantScale' | 'eqDb'>): TimedPcm {
  const { samples, sampleRate } = speech;
  const filter = new TimbreFilter(sampleRate, profile.formantScale, profile.eqDb);
  const words = speech.words.map((w) => ({ ...w }));
  if (filter.unchanged) return { ...speech, samples: samples.slice(), words };
  return { samples: filter.apply(samples), sampleRate, words };
}

/**
 * The filter for one rate and timbre, with its scratch. Its frame loop reads only this object and
 * typed arrays, never the speech or profile objects handed in: V8's optimised code for a loop
 * that did embedded their maps, which a full collection of an idle thread finds dead (they come
 * deserialised from other threads), and the loop was thrown away and compiled again on the next
 * use (`--trace-deopt`: "weak objects").
 */
class TimbreFilter {
  /** True when the timbre leaves the speech as it is. */
  readonly unchanged: boolean;
  private readonly size: number;
  private readonly bins: number;
  private readonly warp: boolean;
  private readonly eq: Float64Array;
  private readonly lifter: number;

  constructor(
    sampleRate: number,
    private readonly formantScale: number,
    eqDb: readonly number[],
  ) {
    this.size = 2 ** Math.round(Math.log2(frameSeconds * sampleRate));
    this.bins = this.size / 2 + 1;
    const binHz = sampleRate / this.size;
    this.warp = Math.abs(formantScale - 1) > 1e-3;
    this.eq = Float64Array.from({ length: this.bins }, (_, k) => 10 ** (bandGainAt(eqDb, k * binHz) / 20));
    this.unchanged = !this.warp && this.eq.every((g) => Math.abs(g - 1) < 1e-4);
    // The same quefrency cut as the analysis (coefficient n lies at n / sampleRate seconds).
    this.lifter = Math.max(8, Math.round((envelopeLifter * sampleRate) / analysisRate));
  }

  apply(samples: Float32Array): Float32Array {
    const { size, bins, warp, eq } = this;
    const hop = size / 2;
    const envelope = new CepstralEnvelope(size, this.lifter);
    const { low, fraction } = interpolation(bins, (k) => k / this.formantScale);
    const transform = new RealFft(size);
    const window = hannWindow(size);
    const frame = new Float64Array(size);
    const re = new Float64Array(bins);
    const im = new Float64Array(bins);
    const power = new Float64Array(bins);
    const logEnvelope = new Float64Array(bins);
    // Pad so every sample is covered by two frames, including the first and last.
    const padded = new Float32Array(samples.length + 2 * size);
    padded.set(samples, size);
    const out = new Float64Array(padded.length);

    for (let start = 0; start + size <= padded.length; start += hop) {
      if (windowed(padded, start, window, frame) < 1e-14) continue;
      transform.forward(frame, re, im);
      if (warp) {
        for (let k = 0; k < bins; k++) power[k] = re[k] * re[k] + im[k] * im[k];
        envelope.of(power, logEnvelope);
      }
      for (let k = 0; k < bins; k++) {
        let g = eq[k];
        if (warp) {
          // The shift in dB: the envelope read at f / formantScale minus the envelope at f. Never a
          // boost of more than 24 dB: an envelope valley read into a peak is not worth noise.
          const shift = logEnvelope[low[k]] + (logEnvelope[low[k] + 1] - logEnvelope[low[k]]) * fraction[k] - logEnvelope[k];
          g *= Math.min(maxShiftGain, Math.exp(shift * dbToGain));
        }
        re[k] *= g;
        im[k] *= g;
      }
      transform.inverse(re, im, frame);
      for (let i = 0; i < size; i++) out[start + i] += frame[i];
    }

    const result = new Float32Array(samples.length);
    let peak = 0;
    for (let i = 0; i < result.length; i++) peak = Math.max(peak, Math.abs(out[size + i]));
    // Boosted bands may push peaks over full scale; scale down rather than clip.
    const scale = peak > 0.98 ? 0.98 / peak : 1;
    for (let i = 0; i < result.length; i++) result[i] = out[size + i] * scale;
    return result;
  }
}

/** Writes `window` × the samples from `start` into `frame`; returns the windowed frame's energy. */
function windowed(samples: Float32Array, start: number, window: Float64Array, frame: Float64Array): number {
  let energy = 0;
  for (let i = 0; i < frame.length; i++) {
    const v = samples[start + i] * window[i];
    frame[i] = v;
    energy += v * v;
  }
  return energy;
}

/**
 * Where each bin reads the envelope (linear interpolation at `position(bin)`, held at the ends as
 * envelopeAt does): the bin below and the fraction to the next, the same for every frame.
 */
function interpolation(bins: number, position: (bin: number) => number): { low: Int32Array; fraction: Float64Array } {
  const low = new Int32Array(bins);
  const fraction = new Float64Array(bins);
  for (let k = 0; k < bins; k++) {
    const p = Math.min(bins - 1, Math.max(0, position(k)));
    low[k] = Math.min(bins - 2, Math.floor(p));
    fraction[k] = p - low[k];
  }
  return { low, fraction };
}

/** 10^(dB / 20) as e^(dB · dbToGain): exp is cheaper than a power of 10. */
const dbToGain = Math.LN10 / 20;
/** The largest boost of the envelope shift, 24 dB, as a gain. */
const maxShiftGain = Math.exp(24 * dbToGain);

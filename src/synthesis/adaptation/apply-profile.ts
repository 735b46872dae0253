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
  const filter = timbreFilter(sampleRate, profile.formantScale, profile.eqDb);
  const words = speech.words.map((w) => ({ ...w }));
  if (filter.unchanged) return { ...speech, samples: samples.slice(), words };
  return { samples: filter.apply(samples), sampleRate, words };
}

/**
 * The filters used last in this thread, by rate and timbre: a custom voice's sentences and an
 * instant clone's readings use the same few again and again, and a filter kept alive keeps the
 * shapes (maps) of its objects alive too. V8's optimised `apply` embeds those maps; when every
 * filter had died, a memory-reducing collection of an idle thread (the pool's) found them dead
 * and threw the optimised code away ("weak objects"), and the next clone's readings through a
 * timbre ran at about half speed while V8 compiled it again.
 */
const filters = new Map<string, TimbreFilter>();
const filtersKept = 4;

function timbreFilter(sampleRate: number, formantScale: number, eqDb: readonly number[]): TimbreFilter {
  const key = `${sampleRate} ${formantScale} ${eqDb.join(' ')}`;
  let filter = filters.get(key);
  if (filter) {
    filters.delete(key);
  } else {
    filter = new TimbreFilter(sampleRate, formantScale, eqDb);
    if (filters.size >= filtersKept) filters.delete(filters.keys().next().value!);
  }
  filters.set(key, filter);
  return filter;
}

/**
 * The filter for one rate and timbre, with its transforms and scratch. Its frame loop reads only
 * this object and typed arrays, never the speech or profile objects handed in: V8's optimised code
 * for a loop that did embedded their maps, which a full collection of an idle thread finds dead
 * (they come deserialised from other threads), and the loop was thrown away and compiled again on
 * the next use (`--trace-deopt`: "weak objects").
 */
class TimbreFilter {
  /** True when the timbre leaves the speech as it is. */
  readonly unchanged: boolean;
  private readonly size: number;
  private readonly bins: number;
  private readonly warp: boolean;
  private readonly eq: Float64Array;
  private readonly envelope: CepstralEnvelope;
  /** Where each bin reads the envelope moved by the formant scale: the bin below and the fraction to the next. */
  private readonly low: Int32Array;
  private readonly fraction: Float64Array;
  private readonly transform: RealFft;
  private readonly window: Float64Array;
  private readonly frame: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly power: Float64Array;
  private readonly logEnvelope: Float64Array;

  constructor(sampleRate: number, formantScale: number, eqDb: readonly number[]) {
    // A small integer, as the analysis's sizes are: the FFT and envelope code is shared with the
    // analysis, and a size made by `2 **` (a double to V8) sent its optimised code back to the
    // interpreter ("not a Smi") each time the two alternated.
    const size = 1 << Math.round(Math.log2(frameSeconds * sampleRate));
    const bins = size / 2 + 1;
    const binHz = sampleRate / size;
    this.size = size;
    this.bins = bins;
    this.warp = Math.abs(formantScale - 1) > 1e-3;
    this.eq = Float64Array.from({ length: bins }, (_, k) => 10 ** (bandGainAt(eqDb, k * binHz) / 20));
    this.unchanged = !this.warp && this.eq.every((g) => Math.abs(g - 1) < 1e-4);
    // The same quefrency cut as the analysis (coefficient n lies at n / sampleRate seconds).
    this.envelope = new CepstralEnvelope(size, Math.max(8, Math.round((envelopeLifter * sampleRate) / analysisRate)));
    this.low = new Int32Array(bins);
    this.fraction = new Float64Array(bins);
    for (let k = 0; k < bins; k++) {
      // Held at the ends, as envelopeAt does.
      const p = Math.min(bins - 1, Math.max(0, k / formantScale));
      this.low[k] = Math.min(bins - 2, Math.floor(p));
      this.fraction[k] = p - this.low[k];
    }
    this.transform = new RealFft(size);
    this.window = hannWindow(size);
    this.frame = new Float64Array(size);
    this.re = new Float64Array(bins);
    this.im = new Float64Array(bins);
    this.power = new Float64Array(bins);
    this.logEnvelope = new Float64Array(bins);
  }

  apply(samples: Float32Array): Float32Array {
    const { size, bins, warp, eq, envelope, low, fraction, transform, window, frame, re, im, power, logEnvelope } = this;
    const hop = size / 2;
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

/** 10^(dB / 20) as e^(dB · dbToGain): exp is cheaper than a power of 10. */
const dbToGain = Math.LN10 / 20;
/** The largest boost of the envelope shift, 24 dB, as a gain. */
const maxShiftGain = Math.exp(24 * dbToGain);

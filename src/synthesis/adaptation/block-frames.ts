import type { Pcm } from '../audio.js';
import { resample } from '../dsp/resample.js';
import { bandCentres, binBands } from './bands.js';
import { CepstralEnvelope, envelopeLifter } from './envelope.js';
import { hannWindow } from './fft.js';
import { pitchRate, trackPitch } from './pitch-track.js';
import { RealFft } from './real-fft.js';

export const analysisRate = 16000;
export const frameSize = 512;
export const hop = 160;
export const hopSeconds = hop / analysisRate;
export const envelopeBinHz = analysisRate / frameSize;
export const cepstrumLength = envelopeLifter + 1;
export const bandCount = bandCentres.length;
/** Analysis needs no audiophile filter; a lighter Speex setting halves the resampling time. */
const resampleQuality = 4;
/** Halving before a fractional step (see toAnalysisRate): passband flat to ~8.5 kHz, stopband from ~11 kHz. */
const halvingQuality = 2;
/**
 * Nuclei are peaks of the 300–1500 Hz band, where vowels (F1, lower F2) carry their energy and
 * fricatives little: this keeps the count steady when a voice is brighter or darker, which a
 * wider band or a voicing test (YIN misses frames of rough or tilted voices) did not.
 */
const nucleusLow = 300;
const nucleusHigh = 1500;

/**
 * One block's figures, frame by frame, before anything that depends on the blocks around it (which
 * frames are speech depends on the loudest frame met so far): a block is measured wherever a
 * thread is free, and its frames are added to a VoiceAnalyser in order. Every figure is a function
 * of the block alone, so where it was measured never changes a bit of the result.
 */
export interface BlockFrames {
  /** Seconds of audio in the block. */
  seconds: number;
  /** Frame level, dB. */
  levels: Float64Array;
  /** Vowel-band (300–1500 Hz) intensity per frame, dB: for syllable nuclei. */
  intensity: Float64Array;
  /** F0 per frame, Hz, 0 where unvoiced (all 0 when measured `spectrumOnly`). */
  f0: Float64Array;
  /** Per frame, the power of each third-octave band (`bandCount` a frame). */
  bandEnergy: Float64Array;
  /** Per frame, the cepstrum of voiced frames (`cepstrumLength` a frame; 0 for unvoiced ones). */
  cepstra: Float64Array;
}

/** A block's arrays, to move them between threads. */
export function frameArrays(frames: BlockFrames): Float64Array[] {
  return [frames.levels, frames.intensity, frames.f0, frames.bandEnergy, frames.cepstra];
}

/** The frame transforms and their scratch, made once per thread on first use. */
class FrameTransforms {
  readonly window = hannWindow(frameSize);
  readonly envelope = new CepstralEnvelope(frameSize);
  readonly fft = new RealFft(frameSize);
  readonly frame = new Float64Array(frameSize);
  readonly re = new Float64Array(frameSize / 2 + 1);
  readonly im = new Float64Array(frameSize / 2 + 1);
  readonly power = new Float64Array(frameSize / 2 + 1);
  /** Each band's bins, first to last + 1 (empty when no bin falls in it). */
  readonly bandFirst = new Int32Array(bandCount);
  readonly bandEnd = new Int32Array(bandCount);

  constructor() {
    const bands = binBands(frameSize, analysisRate);
    for (let k = bands.length - 1; k >= 0; k--) if (bands[k] >= 0) this.bandFirst[bands[k]] = k;
    for (let k = 0; k < bands.length; k++) if (bands[k] >= 0) this.bandEnd[bands[k]] = k + 1;
  }
}

let transforms: FrameTransforms | null = null;

/**
 * A block's frame figures (any rate; resampled to 16 kHz). `spectrumOnly`: levels and spectrum
 * alone, without pitch (every frame unvoiced, so no cepstra either): what an equalizer needs.
 */
export async function measureBlockFrames(pcm: Pcm, spectrumOnly = false): Promise<BlockFrames> {
  const seconds = pcm.samples.length / pcm.sampleRate;
  const { samples } = pcm.samples.length === 0 ? pcm : await toAnalysisRate(pcm);
  const track = spectrumOnly ? null : trackPitch((await resample({ samples, sampleRate: analysisRate }, pitchRate, resampleQuality)).samples);
  const count = samples.length >= frameSize ? Math.floor((samples.length - frameSize) / hop) + 1 : 0;
  const frames: BlockFrames = {
    seconds,
    levels: new Float64Array(count),
    intensity: new Float64Array(count),
    f0: new Float64Array(count),
    bandEnergy: new Float64Array(count * bandCount),
    cepstra: new Float64Array(count * cepstrumLength),
  };
  transforms ??= new FrameTransforms();
  if (track) pitchPerFrame(track.f0, track.firstCentre, frames.f0);
  measureFrames(samples, transforms, frames.levels, frames.intensity, frames.f0, frames.bandEnergy, frames.cepstra);
  return frames;
}

/** Each analysis frame's F0 from the pitch track's nearest frame (0 past its end). */
function pitchPerFrame(track: Float64Array, firstCentre: number, f0: Float64Array): void {
  for (let f = 0; f < f0.length; f++) {
    const time = (f * hop + frameSize / 2) / analysisRate;
    f0[f] = track[Math.round((time - firstCentre) / hopSeconds)] ?? 0;
  }
}

/**
 * The frame loop, apart from the objects a block arrives in: it touches only typed arrays and the
 * thread's transforms, so V8's optimised code for it holds no map of a short-lived object. Inside
 * measureBlockFrames, every full garbage collection of an idle pool thread found such a map dead
 * (the block's request, deserialised from another thread) and threw the optimised loop away
 * (`--trace-deopt`: "weak objects"): the next clone's first blocks ran 2× slower while V8
 * compiled it again.
 */
function measureFrames(
  samples: Float32Array,
  { frame, re, im, power, window, bandFirst, bandEnd, fft, envelope }: FrameTransforms,
  levels: Float64Array,
  intensity: Float64Array,
  f0: Float64Array,
  bandEnergy: Float64Array,
  cepstra: Float64Array,
): void {
  const binLow = Math.ceil(nucleusLow / envelopeBinHz);
  const binHigh = Math.floor(nucleusHigh / envelopeBinHz);
  const bins = frameSize / 2 + 1;
  for (let f = 0; f < levels.length; f++) {
    const start = f * hop;
    let energy = 0;
    for (let i = 0; i < frameSize; i++) {
      const v = samples[start + i];
      energy += v * v;
      frame[i] = v * window[i];
    }
    levels[f] = 10 * Math.log10(energy / frameSize + 1e-20);
    fft.forward(frame, re, im);
    for (let k = 0; k < bins; k++) power[k] = re[k] * re[k] + im[k] * im[k];
    // Bands are runs of neighbouring bins: each summed over its run, in bin order.
    const bandsAt = f * bandCount;
    for (let b = 0; b < bandCount; b++) {
      let sum = 0;
      for (let k = bandFirst[b]; k < bandEnd[b]; k++) sum += power[k];
      bandEnergy[bandsAt + b] = sum;
    }
    let speechBand = 0;
    for (let k = binLow; k <= binHigh; k++) speechBand += power[k];
    intensity[f] = 10 * Math.log10(speechBand + 1e-20);
    if (f0[f] > 0) envelope.cepstrumOf(power, cepstra.subarray(f * cepstrumLength, (f + 1) * cepstrumLength));
  }
}

/**
 * `pcm` at the analysis rate. Speex resamples by a whole factor (48 or 32 kHz) with one filter, but
 * 44.1 kHz to 16 kHz (441:160) through its interpolating path, three times the arithmetic; there a
 * halving to 22.05 kHz comes first, with a short filter (its aliases fold onto 11–22 kHz, far above
 * what the second step keeps), and the second step is the one calibration readings at 22.05 kHz
 * go through too.
 */
async function toAnalysisRate(pcm: Pcm): Promise<Pcm> {
  let at = pcm;
  while (at.sampleRate % analysisRate !== 0 && at.sampleRate % 2 === 0 && at.sampleRate / 2 >= 22050) {
    at = await resample(at, at.sampleRate / 2, halvingQuality);
  }
  return at.sampleRate === analysisRate ? at : resample(at, analysisRate, resampleQuality);
}

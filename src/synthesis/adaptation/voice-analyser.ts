import type { Pcm } from '../audio.js';
import { resample } from '../dsp/resample.js';
import { bandCentres, binBands, levelled } from './bands.js';
import { CepstralEnvelope, envelopeLifter } from './envelope.js';
import { hannWindow } from './fft.js';
import { RealFft } from './real-fft.js';
import { findNuclei } from './syllable-nuclei.js';
import { pitchRate, trackPitch } from './pitch-track.js';

/** What a voice sounds like, measured from a recording; the raw material of a profile. */
export interface VoiceMeasurements {
  /** Seconds of audio analysed. */
  seconds: number;
  /** Seconds of speech: active frames with gaps under 150 ms filled (pauses excluded). */
  activeSeconds: number;
  /** Seconds of voiced speech. */
  voicedSeconds: number;
  /** Fundamental frequency over voiced frames, Hz (NaN without any). */
  f0: { median: number; p5: number; p95: number };
  /** Syllable nuclei per second of speech. */
  speakingRate: number;
  nuclei: number;
  /** Long-term average spectrum of the speech in third-octave bands (`bandCentres`), dB, levelled to mean 0. */
  ltasDb: number[];
  /** Mean cepstral envelope of voiced frames, dB per bin `envelopeBinHz` apart, levelled to mean 0. */
  envelopeDb: number[];
  /** Per utterance (speech between pauses of 350 ms or more): for per-sentence statistics. */
  utterances: UtteranceMeasurements[];
}

export interface UtteranceMeasurements {
  activeSeconds: number;
  nuclei: number;
  medianF0: number;
}

export const analysisRate = 16000;
const frameSize = 512;
const hop = 160;
const hopSeconds = hop / analysisRate;
export const envelopeBinHz = analysisRate / frameSize;
/** Analysis needs no audiophile filter; a lighter Speex setting halves the resampling time. */
const resampleQuality = 4;
/** Halving before a fractional step (see toAnalysisRate): passband flat to ~8.5 kHz, stopband from ~11 kHz. */
const halvingQuality = 2;
const activityRangeDb = 35;
const activityFloorDb = -55;
const gapFillFrames = Math.round(0.15 / hopSeconds);
const utteranceGapFrames = Math.round(0.35 / hopSeconds);
/** Nuclei must be within this many dB of the loudest vowel-band frame. */
const nucleusRangeDb = 25;
/**
 * Nuclei are peaks of the 300–1500 Hz band, where vowels (F1, lower F2) carry their energy and
 * fricatives little: this keeps the count steady when a voice is brighter or darker, which a
 * wider band or a voicing test (YIN misses frames of rough or tilted voices) did not.
 */
const nucleusLow = 300;
const nucleusHigh = 1500;
const cepstrumLength = envelopeLifter + 1;
const bandCount = bandCentres.length;

/**
 * Measures a voice block by block, so a three-hour recording never sits in memory: feed it blocks
 * of a few seconds (any rate; resampled to 16 kHz) and read the measurements at the end. Silence
 * anywhere is left out of every figure. Levels are relative to the loudest frame met so far.
 */
export class VoiceAnalyser {
  /**
   * `spectrumOnly`: the long-term spectrum (`ltasDb`), levels and activity only, without pitch,
   * envelope or syllables (those come out as if nothing were voiced): what an equalizer needs.
   */
  constructor(private readonly options: { spectrumOnly?: boolean } = {}) {
    const bands = binBands(frameSize, analysisRate);
    for (let k = bands.length - 1; k >= 0; k--) if (bands[k] >= 0) this.bandFirst[bands[k]] = k;
    for (let k = 0; k < bands.length; k++) if (bands[k] >= 0) this.bandEnd[bands[k]] = k + 1;
  }

  private readonly window = hannWindow(frameSize);
  /** Each band's bins, first to last + 1 (empty when no bin falls in it). */
  private readonly bandFirst = new Int32Array(bandCount);
  private readonly bandEnd = new Int32Array(bandCount);
  private readonly envelope = new CepstralEnvelope(frameSize);
  private readonly fft = new RealFft(frameSize);
  private readonly frame = new Float64Array(frameSize);
  private readonly re = new Float64Array(frameSize / 2 + 1);
  private readonly im = new Float64Array(frameSize / 2 + 1);
  private readonly power = new Float64Array(frameSize / 2 + 1);
  /** Sum of the voiced speech frames' cepstra: their mean envelope is the envelope of the mean cepstrum. */
  private readonly cepstrumSum = new Float64Array(cepstrumLength);
  private readonly bandPower = new Float64Array(bandCentres.length);
  private envelopeFrames = 0;
  private loudest = -Infinity;
  private seconds = 0;
  private activeFrames = 0;
  private voicedFrames = 0;
  private nuclei = 0;
  private f0s: number[] = [];
  private readonly utterances: UtteranceMeasurements[] = [];

  async add(pcm: Pcm): Promise<void> {
    if (pcm.samples.length === 0) return;
    const block = await toAnalysisRate(pcm);
    this.seconds += pcm.samples.length / pcm.sampleRate;
    const track = this.options.spectrumOnly ? { f0: new Float64Array(0), firstCentre: 0 } : trackPitch((await resample(block, pitchRate, resampleQuality)).samples);
    const { samples } = block;
    const count = samples.length >= frameSize ? Math.floor((samples.length - frameSize) / hop) + 1 : 0;
    if (count === 0) return;
    const levels = new Float64Array(count);
    const intensity = new Float64Array(count);
    const f0 = new Float64Array(count);
    // Per frame, flat: band energies, and the cepstrum of voiced frames (speech or not is known only after the block).
    const bandEnergy = new Float64Array(count * bandCount);
    const cepstra = new Float64Array(count * cepstrumLength);
    const binLow = Math.ceil(nucleusLow / envelopeBinHz);
    const binHigh = Math.floor(nucleusHigh / envelopeBinHz);
    const { frame, re, im, power, window, bandFirst, bandEnd } = this;
    const bins = frameSize / 2 + 1;

    for (let f = 0; f < count; f++) {
      const start = f * hop;
      let energy = 0;
      for (let i = 0; i < frameSize; i++) {
        const v = samples[start + i];
        energy += v * v;
        frame[i] = v * window[i];
      }
      levels[f] = 10 * Math.log10(energy / frameSize + 1e-20);
      this.fft.forward(frame, re, im);
      for (let k = 0; k < bins; k++) power[k] = re[k] * re[k] + im[k] * im[k];
      // Bands are runs of neighbouring bins: each summed over its run, in bin order as before.
      const bandsAt = f * bandCount;
      for (let b = 0; b < bandCount; b++) {
        let sum = 0;
        for (let k = bandFirst[b]; k < bandEnd[b]; k++) sum += power[k];
        bandEnergy[bandsAt + b] = sum;
      }
      let speechBand = 0;
      for (let k = binLow; k <= binHigh; k++) speechBand += power[k];
      intensity[f] = 10 * Math.log10(speechBand + 1e-20);
      const time = (start + frameSize / 2) / analysisRate;
      f0[f] = track.f0[Math.round((time - track.firstCentre) / hopSeconds)] ?? 0;
      if (f0[f] > 0) this.envelope.cepstrumOf(power, cepstra.subarray(f * cepstrumLength, (f + 1) * cepstrumLength));
    }

    for (let f = 0; f < count; f++) if (levels[f] > this.loudest) this.loudest = levels[f];
    const gate = Math.max(activityFloorDb, this.loudest - activityRangeDb);
    const speech = fillGaps(levels.map((level) => (level >= gate ? 1 : 0)), gapFillFrames);
    let loudestIntensity = -Infinity;
    for (let f = 0; f < count; f++) {
      if (!speech[f]) continue;
      loudestIntensity = Math.max(loudestIntensity, intensity[f]);
      this.activeFrames++;
      for (let b = 0; b < bandCount; b++) this.bandPower[b] += bandEnergy[f * bandCount + b];
      if (f0[f] > 0) {
        this.voicedFrames++;
        this.f0s.push(f0[f]);
        for (let n = 0; n < cepstrumLength; n++) this.cepstrumSum[n] += cepstra[f * cepstrumLength + n];
        this.envelopeFrames++;
      }
    }
    const nuclei = this.options.spectrumOnly ? [] : findNuclei({ intensity, speech, hopSeconds, floorDb: loudestIntensity - nucleusRangeDb });
    this.nuclei += nuclei.length;
    this.addUtterances(speech, nuclei, f0);
  }

  finish(): VoiceMeasurements {
    const activeSeconds = this.activeFrames * hopSeconds;
    const sorted = Float64Array.from(this.f0s).sort();
    const total = this.bandPower.reduce((s, p) => s + p, 0);
    return {
      seconds: this.seconds,
      activeSeconds,
      voicedSeconds: this.voicedFrames * hopSeconds,
      f0: { median: quantile(sorted, 0.5), p5: quantile(sorted, 0.05), p95: quantile(sorted, 0.95) },
      speakingRate: activeSeconds > 0 ? this.nuclei / activeSeconds : 0,
      nuclei: this.nuclei,
      ltasDb: total > 0 ? levelled(Array.from(this.bandPower, (p) => 10 * Math.log10(p / total + 1e-12))) : bandCentres.map(() => 0),
      envelopeDb: this.meanEnvelope(),
      utterances: this.utterances,
    };
  }

  /** Mean envelope of the voiced speech frames, levelled; zeros without any. */
  private meanEnvelope(): number[] {
    const envelope = new Float64Array(frameSize / 2 + 1);
    if (this.envelopeFrames === 0) return Array.from(envelope);
    const mean = this.cepstrumSum.map((c) => c / this.envelopeFrames);
    return levelled(Array.from(this.envelope.fromCepstrum(mean, envelope)));
  }

  private addUtterances(speech: Uint8Array, nuclei: number[], f0: Float64Array): void {
    const merged = fillGaps(speech, utteranceGapFrames);
    let nucleus = 0;
    for (let f = 0; f < merged.length; ) {
      if (!merged[f]) {
        f++;
        continue;
      }
      let end = f;
      while (end < merged.length && merged[end]) end++;
      let active = 0;
      const pitches: number[] = [];
      for (let i = f; i < end; i++) {
        if (speech[i]) active++;
        if (speech[i] && f0[i] > 0) pitches.push(f0[i]);
      }
      let count = 0;
      while (nucleus < nuclei.length && nuclei[nucleus] < end) {
        if (nuclei[nucleus] >= f) count++;
        nucleus++;
      }
      if (active > 0) {
        this.utterances.push({ activeSeconds: active * hopSeconds, nuclei: count, medianF0: quantile(Float64Array.from(pitches).sort(), 0.5) });
      }
      f = end;
    }
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

/** 1 frames with 0 runs shorter than `frames` between them filled in. */
function fillGaps(mask: ArrayLike<number>, frames: number): Uint8Array {
  const out = Uint8Array.from(mask);
  let lastOn = -1;
  for (let i = 0; i < out.length; i++) {
    if (!mask[i]) continue;
    if (lastOn >= 0 && i - lastOn > 1 && i - lastOn - 1 < frames) out.fill(1, lastOn + 1, i);
    lastOn = i;
  }
  return out;
}

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = q * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/** Measures a whole recording held in memory, in blocks of 10 s. */
export async function measureVoice(pcm: Pcm): Promise<VoiceMeasurements> {
  const analyser = new VoiceAnalyser();
  const block = pcm.sampleRate * 10;
  for (let start = 0; start < pcm.samples.length; start += block) {
    await analyser.add({ samples: pcm.samples.subarray(start, start + block), sampleRate: pcm.sampleRate });
  }
  return analyser.finish();
}

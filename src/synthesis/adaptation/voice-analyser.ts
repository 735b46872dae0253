import type { Pcm } from '../audio.js';
import { bandCentres, levelled } from './bands.js';
import { bandCount, cepstrumLength, frameSize, hopSeconds, type BlockFrames } from './block-frames.js';
import { CepstralEnvelope } from './envelope.js';
import { measureFramesHere, type FrameMeasurer, type FrameRequest } from './frame-requests.js';
import { findNuclei } from './syllable-nuclei.js';

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

const activityRangeDb = 35;
const activityFloorDb = -55;
const gapFillFrames = Math.round(0.15 / hopSeconds);
const utteranceGapFrames = Math.round(0.35 / hopSeconds);
/** Nuclei must be within this many dB of the loudest vowel-band frame. */
const nucleusRangeDb = 25;
/** Blocks handed to the measurer and not yet added: bounds the memory a long recording takes. */
const blocksAhead = 2;

/**
 * Measures a voice block by block, so a three-hour recording never sits in memory: feed it blocks
 * of a few seconds (any rate; resampled to 16 kHz) and read the measurements at the end. Silence
 * anywhere is left out of every figure. Levels are relative to the loudest frame met so far.
 */
export class VoiceAnalyser {
  /**
   * `spectrumOnly`: the long-term spectrum (`ltasDb`), levels and activity only, without pitch,
   * envelope or syllables (those come out as if nothing were voiced): what an equalizer needs.
   * `measure`: where blocks are measured (default this thread; see frame-requests.ts). Blocks
   * may be measured side by side, but are added in the order given.
   */
  constructor(private readonly options: { spectrumOnly?: boolean; measure?: FrameMeasurer } = {}) {}

  private readonly envelope = new CepstralEnvelope(frameSize);
  /** Sum of the voiced speech frames' cepstra: their mean envelope is the envelope of the mean cepstrum. */
  private readonly cepstrumSum = new Float64Array(cepstrumLength);
  private readonly bandPower = new Float64Array(bandCount);
  /** Blocks being measured, in the order given. */
  private readonly measuring: Promise<BlockFrames>[] = [];
  private envelopeFrames = 0;
  private loudest = -Infinity;
  private seconds = 0;
  private activeFrames = 0;
  private voicedFrames = 0;
  private nuclei = 0;
  private f0s: number[] = [];
  private readonly utterances: UtteranceMeasurements[] = [];

  /** Adds a block (with `through`, as that timbre would make it sound); resolves once the analyser can take the next. */
  async add(pcm: Pcm, through?: FrameRequest['through']): Promise<void> {
    if (pcm.samples.length === 0) return;
    const measured = (this.options.measure ?? measureFramesHere)({ pcm, spectrumOnly: this.options.spectrumOnly ?? false, through });
    // Awaited in order below; a failure is reported there, not as unhandled meanwhile.
    measured.catch(() => undefined);
    this.measuring.push(measured);
    while (this.measuring.length > blocksAhead) this.addFrames(await this.measuring.shift()!);
  }

  private addFrames({ seconds, levels, intensity, f0, bandEnergy, cepstra }: BlockFrames): void {
    this.seconds += seconds;
    if (levels.length === 0) return;
    const speech = this.speechFrames(levels);
    const loudestIntensity = this.accumulate(speech, intensity, f0, bandEnergy, cepstra);
    const nuclei = this.options.spectrumOnly ? [] : findNuclei({ intensity, speech, hopSeconds, floorDb: loudestIntensity - nucleusRangeDb });
    this.nuclei += nuclei.length;
    this.addUtterances(speech, nuclei, f0);
  }

  /** Which frames are speech: within range of the loudest frame met so far, short gaps filled. */
  private speechFrames(levels: Float64Array): Uint8Array {
    for (let f = 0; f < levels.length; f++) if (levels[f] > this.loudest) this.loudest = levels[f];
    const gate = Math.max(activityFloorDb, this.loudest - activityRangeDb);
    return fillGaps(levels.map((level) => (level >= gate ? 1 : 0)), gapFillFrames);
  }

  /**
   * Adds the speech frames' figures to the sums; returns the loudest vowel-band intensity among
   * them. Typed arrays only, not the block's object: that comes from this thread or deserialised
   * from another, and V8 threw away optimised code that had embedded its map each time a full
   * collection found the map dead (see measureFrames in block-frames.ts).
   */
  private accumulate(speech: Uint8Array, intensity: Float64Array, f0: Float64Array, bandEnergy: Float64Array, cepstra: Float64Array): number {
    let loudestIntensity = -Infinity;
    for (let f = 0; f < speech.length; f++) {
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
    return loudestIntensity;
  }

  /** The measurements, once every block added has been measured. */
  async finish(): Promise<VoiceMeasurements> {
    while (this.measuring.length > 0) this.addFrames(await this.measuring.shift()!);
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

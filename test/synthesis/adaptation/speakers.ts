import type { Pcm, TimedPcm } from '../../../src/synthesis/audio.js';
import { concatTimed, silence } from '../../../src/synthesis/dsp/concat.js';
import { changeTempo, shiftPitch } from '../../../src/synthesis/dsp/time-pitch.js';
import type { SynthesisPool } from '../../../src/synthesis/pool/synthesis-pool.js';
import { fft, hannWindow } from '../../../src/synthesis/adaptation/fft.js';

/**
 * Synthetic speakers for the cloning tests: an eSpeak voice changed by signal processing into a
 * voice no engine voice is. The formant shift here is deliberately not the profile's own
 * (cepstral) warp: it moves an LPC envelope, so the clone must find the shift by analysis.
 */
export interface SpeakerRecipe {
  name: string;
  variant: string;
  /** Semitones through eSpeak's pitch (formants stay). */
  enginePitch: number;
  /** Pitch-range multiplier through eSpeak. */
  engineRange: number;
  /** Semitones through Sonic after the engine (formants move with it). */
  dspPitch: number;
  /** Factor on formant frequencies (LPC envelope warp). */
  formantScale: number;
  /** Playback speed through Sonic (1.12 = 12 % faster). */
  tempo: number;
  /** High-shelf gain above ~1.5 kHz, dB (a brighter or darker voice). */
  tiltDb: number;
}

export const speakers: readonly SpeakerRecipe[] = [
  { name: 'bright fast woman', variant: 'f2', enginePitch: 2, engineRange: 1.3, dspPitch: 0, formantScale: 1.08, tempo: 1.12, tiltDb: 6 },
  { name: 'dark slow man', variant: 'm7', enginePitch: -2, engineRange: 0.7, dspPitch: -1, formantScale: 0.92, tempo: 0.88, tiltDb: -6 },
  { name: 'high narrow man', variant: 'm1', enginePitch: 4, engineRange: 0.8, dspPitch: 0, formantScale: 1.0, tempo: 1.05, tiltDb: 4 },
];

/** Readings for samples: not the calibration text, not the text the clones are tested on. */
export const sampleSentences: readonly string[] = [
  'Last summer we drove across the mountains to visit my grandmother in her little village.',
  'The road was narrow and full of sharp turns, so my father drove very slowly.',
  'When we finally arrived, she was waiting at the gate with a basket of warm bread.',
  'We spent the whole week walking in the forest, swimming in the lake and telling stories at night.',
  'On the last evening, the neighbours came over and we ate dinner together in the garden.',
  'I still remember the smell of the pine trees and the sound of the wind in the valley.',
];

export const testSentences: readonly string[] = [
  'Please remember to water the plants on the balcony while I am away next week.',
  'The museum opens at nine, but the guided tours only start in the afternoon.',
  'Everyone agreed that the concert was much better than the one we heard last year.',
  'If the train is late again, we will take a taxi from the station to the hotel.',
];

/** Renders sentences with an eSpeak English voice, 0.4 s apart, at 22.05 kHz. */
export async function readSentences(
  pool: SynthesisPool,
  sentences: readonly string[],
  variant: string,
  prosody = { pitch: 0, range: 1, rate: 1, volume: 1 },
): Promise<TimedPcm> {
  const pieces = await Promise.all(
    sentences.map((text) =>
      pool.renderSentence({ text, language: 'eng', voice: { engine: 'espeak', id: 'en-us', variant }, prosody, sampleRate: 22050, pitch: 0, tempo: 1, lastPitch: 0 }),
    ),
  );
  return concatTimed(pieces, { pauses: pieces.slice(1).map(() => 0.4) });
}

export async function makeSpeaker(pool: SynthesisPool, recipe: SpeakerRecipe, sentences: readonly string[] = sampleSentences): Promise<Pcm> {
  let speech = await readSentences(pool, sentences, recipe.variant, { pitch: recipe.enginePitch, range: recipe.engineRange, rate: 1, volume: 1 });
  if (recipe.formantScale !== 1) speech = lpcFormantWarp(speech, recipe.formantScale);
  if (recipe.dspPitch !== 0) speech = await shiftPitch(speech, recipe.dspPitch);
  if (recipe.tempo !== 1) speech = await changeTempo(speech, recipe.tempo);
  if (recipe.tiltDb !== 0) speech = { ...speech, samples: highShelf(speech.samples, speech.sampleRate, 1500, recipe.tiltDb) };
  // Half a second of silence either side, as a recording has.
  const joined = concatTimed([silence(0.5, speech.sampleRate), speech], { pauses: [0, 0.5] });
  return { samples: joined.samples, sampleRate: joined.sampleRate };
}

/** RBJ high-shelf biquad: `gainDb` above `frequency`, 0 dB well below it. */
export function highShelf(input: Float32Array, sampleRate: number, frequency: number, gainDb: number): Float32Array {
  const a = 10 ** (gainDb / 40);
  const w = (2 * Math.PI * frequency) / sampleRate;
  const alpha = (Math.sin(w) / 2) * Math.SQRT2;
  const cos = Math.cos(w);
  const b0 = a * (a + 1 + (a - 1) * cos + 2 * Math.sqrt(a) * alpha);
  const b1 = -2 * a * (a - 1 + (a + 1) * cos);
  const b2 = a * (a + 1 + (a - 1) * cos - 2 * Math.sqrt(a) * alpha);
  const a0 = a + 1 - (a - 1) * cos + 2 * Math.sqrt(a) * alpha;
  const a1 = 2 * (a - 1 - (a + 1) * cos);
  const a2 = a + 1 - (a - 1) * cos - 2 * Math.sqrt(a) * alpha;
  const out = new Float32Array(input.length);
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  let peak = 0;
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    const y = (b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2) / a0;
    x2 = x1; x1 = x; y2 = y1; y1 = y;
    out[i] = y;
    peak = Math.max(peak, Math.abs(y));
  }
  if (peak > 0.98) for (let i = 0; i < out.length; i++) out[i] *= 0.98 / peak;
  return out;
}

/**
 * Moves formants by `scale` keeping F0: per 46 ms frame, the LPC envelope (order 24) is read at
 * f / scale and the frame's spectrum multiplied by the ratio of the moved to the original envelope.
 */
export function lpcFormantWarp(speech: TimedPcm, scale: number): TimedPcm {
  const { samples, sampleRate } = speech;
  const size = 1024;
  const hop = 256;
  const order = 24;
  const window = hannWindow(size);
  const padded = new Float32Array(samples.length + 2 * size);
  padded.set(samples, size);
  const out = new Float64Array(padded.length);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const are = new Float64Array(size);
  const aim = new Float64Array(size);
  const env = new Float64Array(size / 2 + 1);
  for (let start = 0; start + size <= padded.length; start += hop) {
    let energy = 0;
    for (let i = 0; i < size; i++) {
      re[i] = padded[start + i] * window[i];
      im[i] = 0;
      energy += re[i] * re[i];
    }
    if (energy < 1e-12) continue;
    const a = lpc(re, order);
    are.fill(0);
    aim.fill(0);
    for (let i = 0; i <= order; i++) are[i] = a[i];
    fft(are, aim);
    for (let k = 0; k <= size / 2; k++) env[k] = -10 * Math.log10(are[k] * are[k] + aim[k] * aim[k] + 1e-20);
    fft(re, im);
    for (let k = 0; k <= size / 2; k++) {
      const position = k / scale;
      const low = Math.min(size / 2 - 1, Math.floor(position));
      const t = Math.min(1, position - low);
      const moved = env[low] + (env[low + 1] - env[low]) * t;
      const gain = 10 ** (Math.min(20, moved - env[k]) / 20);
      re[k] *= gain;
      im[k] *= gain;
      if (k > 0 && k < size / 2) {
        re[size - k] *= gain;
        im[size - k] *= gain;
      }
    }
    fft(re, im, true);
    for (let i = 0; i < size; i++) out[start + i] += (re[i] * window[i]) / 1.5;
  }
  const result = new Float32Array(samples.length);
  let peak = 0;
  for (let i = 0; i < result.length; i++) peak = Math.max(peak, Math.abs(out[size + i]));
  const norm = peak > 0.98 ? 0.98 / peak : 1;
  for (let i = 0; i < result.length; i++) result[i] = out[size + i] * norm;
  return { ...speech, samples: result };
}

/** Autocorrelation LPC by Levinson-Durbin: a[0] = 1. */
function lpc(frame: Float64Array, order: number): Float64Array {
  const r = new Float64Array(order + 1);
  for (let lag = 0; lag <= order; lag++) {
    let sum = 0;
    for (let i = lag; i < frame.length; i++) sum += frame[i] * frame[i - lag];
    r[lag] = sum;
  }
  r[0] *= 1 + 1e-9;
  const a = new Float64Array(order + 1);
  a[0] = 1;
  let error = r[0];
  for (let i = 1; i <= order && error > 0; i++) {
    let acc = r[i];
    for (let j = 1; j < i; j++) acc += a[j] * r[i - j];
    const k = -acc / error;
    const previous = a.slice();
    for (let j = 1; j < i; j++) a[j] = previous[j] + k * previous[i - j];
    a[i] = k;
    error *= 1 - k * k;
  }
  return a;
}

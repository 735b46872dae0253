import type { Pcm } from '../audio.js';
import { applyVoiceProfile } from './apply-profile.js';
import { bandCentres } from './bands.js';
import { VoiceAnalyser } from './voice-analyser.js';

/**
 * A synthetic voice: a pulse train gliding between ~110 and ~190 Hz through two vowel-like
 * resonances, in syllables of 250 ms with a 400 ms pause every second, so that every path of the
 * analysis runs (voiced frames, envelopes, syllable nuclei, pauses between utterances).
 * Deterministic: no noise source.
 */
export function syntheticVoice(seconds: number, sampleRate: number): Pcm {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  const resonators = [500, 1500].map((hz) => {
    const r = Math.exp((-Math.PI * 120) / sampleRate);
    return { a1: 2 * r * Math.cos((2 * Math.PI * hz) / sampleRate), a2: -r * r, y1: 0, y2: 0 };
  });
  let phase = 0;
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    const f0 = 150 + 40 * Math.sin(2 * Math.PI * 0.7 * t);
    phase += f0 / sampleRate;
    let x = 0;
    if (phase >= 1) {
      phase -= 1;
      x = 1;
    }
    for (const r of resonators) {
      const y = x + r.a1 * r.y1 + r.a2 * r.y2;
      r.y2 = r.y1;
      r.y1 = y;
      x = y;
    }
    const inPause = t % 1 >= 0.6;
    const syllable = inPause ? 0 : 0.5 - 0.5 * Math.cos(2 * Math.PI * 4 * t);
    samples[i] = x * syllable;
  }
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  for (let i = 0; i < samples.length; i++) samples[i] *= 0.5 / peak;
  return { samples, sampleRate };
}

/** One step of the warm-up: a second of voice analysed, or filtered and measured as a calibration reading is. */
type Step = () => Promise<unknown>;

function steps(): Step[] {
  // An upload's rates (its 44.1 kHz path halves first) and the calibration readings' 22.05 kHz.
  const rates = [44100, 22050, 16000];
  const list: Step[] = [];
  // Made by the first step that needs it, so that starting the warm-up costs nothing.
  const voices = new Map<number, Pcm>();
  const voice = (rate: number) => voices.get(rate) ?? voices.set(rate, syntheticVoice(1, rate)).get(rate)!;
  for (const rate of rates) {
    const analyser = new VoiceAnalyser();
    for (let second = 0; second < 3; second++) list.push(() => analyser.add(voice(rate)));
    list.push(async () => analyser.finish());
  }
  const timbre = { formantScale: 0.95, eqDb: bandCentres.map((_, b) => (b % 3) - 1) };
  for (let round = 0; round < 3; round++) {
    list.push(async () => {
      const spectrum = new VoiceAnalyser({ spectrumOnly: true });
      await spectrum.add(applyVoiceProfile({ ...voice(22050), words: [] }, timbre));
      return spectrum.finish();
    });
  }
  return list;
}

/** The steps not yet run, made on first need: starting the warm-up costs nothing. */
let pending: Step[] | null = null;
let stopped = false;
let stepping = false;

function nextStep(): Step | undefined {
  if (stopped) return undefined;
  pending ??= steps();
  return pending.shift();
}

/**
 * Runs the analysis and the timbre filter on a few seconds of synthetic voice, a step at a time
 * between other events, so V8 has compiled them before an upload comes to be analysed. A fresh
 * adaptation thread is started as an upload begins to arrive (AdaptationPool.prepare); this uses
 * the time until it is saved. The first task to arrive stops it (`stopWarmUp`): it never holds a
 * clone up by more than the step under way (a few ms). Nothing it computes is kept.
 */
export function warmUpWhileIdle(): void {
  if (stepping) return;
  stepping = true;
  const next = (): void => {
    const step = nextStep();
    if (!step) return;
    step().then(
      () => setImmediate(next),
      () => undefined,
    );
  };
  setImmediate(next);
}

/** Runs what is left of the warm-up now, to the end (AdaptationPool.warmUp, before a server is ready). */
export async function warmUpNow(): Promise<void> {
  for (let step = nextStep(); step; step = nextStep()) await step();
}

/** Stops the warm-up for good: the thread has real work now, which warms it as well. */
export function stopWarmUp(): void {
  stopped = true;
}

import type { Pcm } from '../audio.js';
import { syntheticTimbre, syntheticVoice } from './synthetic-voice.js';
import { VoiceAnalyser } from './voice-analyser.js';
import { decodeWav } from '../decoders/wav.js';
import { encodeWavPcm16 } from '../encoders/wav.js';

/** One step of the warm-up: a second of voice analysed, or filtered and measured as a calibration reading is. */
type Step = () => Promise<unknown>;

/**
 * The warm-up's last analyser, kept for the thread's life. V8's optimised analysis code embeds the
 * shape (map) of VoiceAnalyser objects, and when none lived any more, the collection that ends the
 * warm-up found the shape dead and threw that code away ("weak objects"): a fresh server's first
 * clone compiled it again. One analyser alive keeps the shape alive.
 */
let keptAnalyser: VoiceAnalyser | undefined;

function steps(): Step[] {
  // An upload's rates (its 44.1 kHz path halves first) and the calibration readings' 22.05 kHz.
  const rates = [44100, 22050, 16000];
  const list: Step[] = [];
  // Made by the first step that needs it, so that starting the warm-up costs nothing.
  const voices = new Map<string, Pcm>();
  const voice = (rate: number, seconds = 1): Pcm => {
    const key = `${rate} ${seconds}`;
    let made = voices.get(key);
    if (!made) voices.set(key, (made = syntheticVoice(seconds, rate)));
    return made;
  };
  // A 16-bit WAV upload's blocks are decoded here, through the format reader and sample loop readUpload uses.
  for (const rate of rates) list.push(async () => decodeWav(encodeWavPcm16(voice(rate))));
  // Short blocks first, for the reason given at the pool's warmUpFrames (pool/warm-up.ts): every
  // line runs in the interpreter before V8 compiles the loops in the middle of a call.
  for (const rate of rates) {
    list.push(async () => {
      const analyser = new VoiceAnalyser();
      await analyser.add(voice(rate, 0.3));
      return analyser.finish();
    });
  }
  for (const rate of rates) {
    const analyser = new VoiceAnalyser();
    keptAnalyser = analyser;
    for (let second = 0; second < 3; second++) list.push(() => analyser.add(voice(rate)));
    list.push(async () => analyser.finish());
  }
  for (let round = 0; round < 3; round++) {
    list.push(async () => {
      const spectrum = new VoiceAnalyser({ spectrumOnly: true });
      await spectrum.add(voice(22050, round === 0 ? 0.3 : 1), syntheticTimbre);
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

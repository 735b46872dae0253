import type { FrameRequest } from '../adaptation/frame-requests.js';
import { syntheticTimbre, syntheticVoice } from '../adaptation/synthetic-voice.js';
import type { VoiceProfile } from '../adaptation/voice-profile.js';
import { builtinVoices } from '../catalog/builtin-voices.js';
import { defaultOutput } from '../pipeline/speech-request.js';
import type { FinishTask, RenderedSentence, SentenceTask } from './tasks.js';

/**
 * Short sentences of ordinary English, spoken in turn by the warm-up. Short, because every thread
 * keeps the memory its largest audio buffers took (the C allocator of a thread seldom gives back
 * what was freed): optimising the code needs it to run in every variant, not long texts.
 */
const sentences = [
  'The light spread across the quiet valley.',
  'A small boat drifted near the shore.',
  'She opened the old book and read aloud.',
  'Nobody expected the storm so early.',
];

/**
 * The eSpeak variants of the built-in voices, in catalog order. Each takes paths of its own through
 * eSpeak's wave generator (breath noise, echo, roughness, another pitch range), and V8 optimises a
 * path only once it has run: warmed with the plain voice alone, the first request in Olivia's voice
 * (variant f3) still took 2–3× the next ones.
 */
const variants = [...new Set(builtinVoices.map((voice) => voice.sound.espeakVariant))];

/**
 * Prosodies other than the voice's own, on a few of the sentences: a custom voice (an instant
 * clone's calibration readings, then its speech) or an emotion asks eSpeak for another pitch,
 * range and rate, which runs branches of its wave generator the plain prosody never reaches. Left
 * out of the warm-up, the first such request found eSpeak's largest function (its wave generator,
 * ~40 kB of bytecode) optimised without feedback for them: it fell back to the interpreter and V8
 * compiled it again, ~1 s of CPU per thread. A fresh server's first clone paid it in its
 * calibration readings: 0.9-1.2 s of CPU for the first five, 0.15-0.3 s with these two here.
 */
const prosodies: Record<number, SentenceTask['prosody']> = {
  1: { rate: 0.9, pitch: -2.5, range: 0.75, volume: 1 },
  5: { rate: 1.2, pitch: 2.5, range: 1.25, volume: 1 },
};

/**
 * Variants with an echo (f2, f5) end each sentence with a silence while the echo dies away, and
 * that loop's wrap of eSpeak's 5500-sample echo buffer is a branch of the wave generator of its
 * own. Whether a sentence reaches it depends on where its last sample falls, so the sentences above
 * never do, while two of the five calibration sentences do in f2 at a clone's prosody: eSpeak,
 * optimised without that branch, fell back to the interpreter in one synthesis thread during a
 * fresh server's first clone (~250 ms of CPU, more in wall time while V8 compiled it again).
 * eSpeak starts from the same heap every time, so this sentence, with this variant and prosody,
 * always takes that branch (`--trace-deopt` shows it).
 */
const echoWrap = { text: 'Yes.', variant: 'f2', prosody: { rate: 1.2, pitch: 2.5, range: 1.25, volume: 1 } };

/**
 * A custom voice's timbre (formants moved, every band's gain changed) on one more sentence: the
 * timbre filter runs on a custom voice's speech and on an instant clone's calibration readings in
 * these threads, and a thread that had never run it with formants moved went back from V8's
 * optimised filter to the interpreter in a fresh server's first clone (`--trace-deopt`).
 */
const customTimbre: VoiceProfile = {
  version: 1,
  gender: 'female',
  variant: 'f3',
  pitch: 1,
  range: 1.1,
  rate: 1,
  ...syntheticTimbre,
  sample: { medianF0: 0, p5F0: 0, p95F0: 0, speakingRate: 0, seconds: 0 },
};

/** One sentence per variant, in English through eSpeak, resampled to the output rate as a request would be. */
export function warmUpSentences(): SentenceTask[] {
  const spoken = variants.map((variant, i) => ({ text: sentences[i % sentences.length], variant, prosody: prosodies[i], profile: undefined as VoiceProfile | undefined }));
  const custom = { text: sentences[0], variant: customTimbre.variant, prosody: undefined, profile: customTimbre };
  return [...spoken, { ...echoWrap, profile: undefined }, custom].map(({ text, variant, prosody, profile }) => ({
    kind: 'sentence',
    text,
    language: 'eng',
    voice: { engine: 'espeak', id: 'en-us', variant },
    prosody: prosody ?? { rate: 1, pitch: 0, range: 1, volume: 1 },
    // Not eSpeak's own rate: the resampler is loaded and run too.
    sampleRate: defaultOutput.sampleRate,
    pitch: 0,
    tempo: 1,
    lastPitch: 0,
    profile,
  }));
}

/**
 * Blocks a thread measures for an instant clone (adaptation/pool-port.ts): an upload's rates and
 * a calibration reading's, with pitch, and through a custom voice's timbre without it. Without
 * them a fresh server's first clone met that code cold in the pool's threads: its first two 10 s
 * blocks took 196 and 241 ms against ~55 ms for the next ones.
 *
 * Short blocks first: the pitch tracker's and the timbre filter's loops run long enough in a 1 s
 * block for V8 to compile them in the middle of the call (on-stack replacement), before the code
 * after the loops has ever run. That code had no type feedback, so the compiled function fell back
 * to the interpreter at the end of every call and never settled; the collection that ends the
 * warm-up then dropped the mid-call code, and a fresh server's first clone compiled it all again
 * (`--trace-opt --trace-deopt`). A 0.3 s block runs every line in the interpreter first.
 */
export function warmUpFrames(): FrameRequest[] {
  return [0.3, 1].flatMap((seconds) => [
    ...[44100, 22050, 16000].map((rate) => ({ pcm: syntheticVoice(seconds, rate), spectrumOnly: false })),
    { pcm: syntheticVoice(seconds, 22050), spectrumOnly: true, through: customTimbre },
  ]);
}

/** The warm-up's rendered sentences finished as a request's speech is: 0.3 s pauses, the default output. */
export function warmUpSpeech(pieces: RenderedSentence[]): FinishTask {
  return { kind: 'finish', pieces, pauses: pieces.slice(1).map(() => 0.3), textOffsets: pieces.map(() => 0), output: defaultOutput };
}

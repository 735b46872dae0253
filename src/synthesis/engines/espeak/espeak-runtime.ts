import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createEspeakModule, espeakVendorFolder, type EspeakModule } from './espeak-module.js';
import { PristineHeap } from './pristine-heap.js';

import { espeakSampleRate } from './espeak-sample-rate.js';

export { espeakSampleRate };

/** The eSpeak parameters of one synthesis, in eSpeak's own units. */
export interface EspeakParameters {
  /** Words per minute, 80–450. */
  rate: number;
  /** 0–100, 50 = the voice's normal pitch. */
  pitch: number;
  /** 0–100, 50 = the voice's normal range. */
  range: number;
  /** Amplitude; 100 = normal. */
  volume: number;
}

/** A word or end-of-synthesis event, as eSpeak reported it. */
export interface EspeakEvent {
  type: 'word' | 'end';
  /** 1-based position, in code points, of the event in the text handed to `synthesize`. */
  text_position: number;
  /** eSpeak's own idea of the word's length in code points (unreliable, see word-timings.ts). */
  word_length: number;
  /** Milliseconds from the start of the synthesis. */
  audio_position: number;
}

/** eSpeak's espeak_EVENT_TYPE numbers of the events the binding keeps. */
const eventTypes: Record<number, EspeakEvent['type']> = { 1: 'word', 5: 'end' };

/**
 * Voices whose selected state a thread keeps (see `startFrom`): a request's calls use one voice,
 * and a thread serves few at a time. Each costs the blocks that differ from the start-up state
 * (0.3–0.5 MB for most languages, 2 MB for Mandarin, 9 MB for Russian: its dictionary).
 */
const keptVoiceStates = 4;

/** Bytes of UTF-8 input one synthesis may take (sentences are capped far below this). */
const inputCapacity = 64 * 1024;

export const defaultEspeakParameters: EspeakParameters = { rate: 175, pitch: 50, range: 50, volume: 100 };

export interface RawSynthesis {
  samples: Float32Array;
  /** Word and end events, in the order eSpeak emitted them. */
  events: EspeakEvent[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * One eSpeak instance per thread. eSpeak keeps its voice and state in C globals, so every engine
 * object in a thread shares it; `synthesize` is synchronous from voice selection to the last sample,
 * which is what keeps two engine objects from interleaving.
 */
export class EspeakRuntime {
  /** The WASM heap as it was right after start-up; see `synthesize`. */
  private readonly pristineHeap: PristineHeap;
  /** The heap right after a voice was selected on the pristine heap, by voice name, least recently used first. */
  private readonly voiceStates = new Map<string, PristineHeap>();
  /** A buffer in the module's memory for the text of a call, allocated once, before the snapshot. */
  private readonly input: number;
  private readonly dataFolder: string;

  constructor(
    readonly module: EspeakModule,
    vendorFolder: string,
  ) {
    this.dataFolder = path.join(vendorFolder, 'espeak-ng-data');
    this.input = module._malloc(inputCapacity);
    if (this.input === 0) throw new Error('eSpeak NG: no memory for its input buffer');
    const sampleRate = module._orator_initialize(this.write(vendorFolder));
    if (sampleRate !== espeakSampleRate) throw new Error(`eSpeak NG runs at ${sampleRate} Hz, expected ${espeakSampleRate} Hz`);
    // English, loaded and spoken once, is the state every call starts from (as with the npm build
    // Orator used before, whose samples the native-build test compares with).
    this.selectVoice('en-us');
    module._orator_synthesize(this.write('a'), defaultEspeakParameters.rate, defaultEspeakParameters.volume, defaultEspeakParameters.pitch, defaultEspeakParameters.range);
    this.pristineHeap = new PristineHeap(module.HEAPU8);
  }

  /**
   * Puts the heap as the pristine heap with `voiceName` selected: from that voice's snapshot when
   * the thread has one (selecting a voice reads its dictionary from disk, 0.3–4 ms), else by
   * restoring the pristine heap and selecting it, then keeping a snapshot of the result. Both ways
   * give the same bytes, because selecting a voice on the pristine heap always gives the same state.
   */
  private startFrom(voiceName: string): void {
    const top = this.module._orator_heap_top();
    const kept = this.voiceStates.get(voiceName);
    if (kept) {
      this.voiceStates.delete(voiceName);
      this.voiceStates.set(voiceName, kept);
      kept.restore(this.module.HEAPU8, top);
      return;
    }
    this.pristineHeap.restore(this.module.HEAPU8, top);
    this.selectVoice(voiceName);
    this.voiceStates.set(voiceName, new PristineHeap(this.module.HEAPU8, this.module._orator_heap_top(), this.pristineHeap));
    if (this.voiceStates.size > keptVoiceStates) this.voiceStates.delete(this.voiceStates.keys().next().value as string);
  }

  /** Copies `text` as a NUL-terminated UTF-8 string into the input buffer. */
  private write(text: string): number {
    const heap = this.module.HEAPU8;
    const { written } = encoder.encodeInto(text, heap.subarray(this.input, this.input + inputCapacity - 1));
    if (written === undefined || Buffer.byteLength(text) > inputCapacity - 1) throw new RangeError('eSpeak input too long');
    heap[this.input + written] = 0;
    return this.input;
  }

  private selectVoice(name: string): void {
    const status = this.module._orator_set_voice(this.write(name));
    if (status !== 0) throw new Error(`eSpeak NG has no voice "${name}" (status ${status})`);
  }

  /**
   * `ssml` is eSpeak's input: escaped SSML text (see spoken-text.ts), not the caller's raw text.
   *
   * eSpeak keeps state across calls in C globals (its random seed for noise and breath, the
   * flutter phase, filter memories), so the same request would sound slightly different each time.
   * Putting the heap back to its start-up state first makes every synthesis a pure function of
   * its input: the same request gives the same bytes, in any thread, after any history. It costs
   * a comparison of the heap below its top with the snapshot (see PristineHeap), and a voice load
   * (a dictionary read from disk) the first time a voice is used since the thread last kept it.
   */
  synthesize(voiceName: string, ssml: string, parameters: EspeakParameters): RawSynthesis {
    if (Buffer.byteLength(ssml) + 1 > inputCapacity) {
      throw new RangeError(`eSpeak input of ${ssml.length} characters is longer than one synthesis takes; split it into sentences`);
    }
    this.startFrom(voiceName);
    const status = this.module._orator_synthesize(this.write(ssml), parameters.rate, parameters.volume, parameters.pitch, parameters.range);
    if (status !== 0) throw new Error(`eSpeak NG could not synthesize (status ${status})`);

    const heap = this.module.HEAPU8;
    const count = this.module._orator_sample_count();
    const pcm = new Int16Array(heap.buffer, this.module._orator_samples(), count);
    const samples = new Float32Array(count);
    for (let i = 0; i < count; i++) samples[i] = pcm[i] / 32768;

    const eventCount = this.module._orator_event_count();
    const raw = new Int32Array(heap.buffer, this.module._orator_events(), eventCount * 4);
    const events: EspeakEvent[] = [];
    for (let i = 0; i < eventCount; i++) {
      const type = eventTypes[raw[i * 4]];
      if (type) events.push({ type, text_position: raw[i * 4 + 1], word_length: raw[i * 4 + 2], audio_position: raw[i * 4 + 3] });
    }
    return { samples, events };
  }

  /**
   * The phonemes eSpeak would speak for `text`, clause by clause: each clause's words joined by
   * spaces, each word's phonemes joined by `_` (IPA when `ipa`). Starts from the pristine heap like
   * `synthesize`, so the result depends on the input only.
   */
  phonemize(voiceName: string, text: string, ipa = true): string[] {
    if (Buffer.byteLength(text) + 1 > inputCapacity) {
      throw new RangeError(`eSpeak input of ${text.length} characters is longer than one call takes; split it into sentences`);
    }
    this.startFrom(voiceName);
    const pointer = this.module._orator_text_to_phonemes(this.write(text), ipa ? 1 : 0);
    if (pointer === 0) throw new Error('eSpeak NG ran out of memory phonemizing');
    const bytes = this.module.HEAPU8;
    const end = bytes.indexOf(0, pointer);
    const phonemes = decoder.decode(bytes.subarray(pointer, end < 0 ? bytes.length : end));
    return phonemes.split(' | ').map((clause) => clause.trim()).filter((clause) => clause.length > 0);
  }

  /** A text file of eSpeak's data (voices, variants). */
  readDataFile(relativePath: string): string {
    return readFileSync(path.join(this.dataFolder, relativePath), 'utf8');
  }

  listDataDirectory(relativePath: string): string[] {
    return readdirSync(path.join(this.dataFolder, relativePath)).filter((name) => !name.startsWith('.'));
  }
}

let loading: Promise<EspeakRuntime> | undefined;

/** Loads the WASM module once per thread, on first use; eSpeak reads its data files as it needs them. */
export function loadEspeakRuntime(): Promise<EspeakRuntime> {
  loading ??= createEspeakModule().then((module) => new EspeakRuntime(module, espeakVendorFolder()));
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

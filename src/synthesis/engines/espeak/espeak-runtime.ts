import createEspeakModule, { type EspeakEvent, type EspeakModule, type EspeakWorker } from '@echogarden/espeak-ng-emscripten';
import { PristineHeap } from './pristine-heap.js';
import { emptyDataPackage, fillOnFirstRead } from './lazy-data-package.js';

import { espeakSampleRate } from './espeak-sample-rate.js';

export { espeakSampleRate };

/** eSpeak's data folder in the module's file system. */
const dataFolder = '/usr/share/espeak-ng-data';

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

/** Bytes of UTF-8 input one synthesis may take (sentences are capped far below this). */
const inputCapacity = 64 * 1024;

export const defaultEspeakParameters: EspeakParameters = { rate: 175, pitch: 50, range: 50, volume: 100 };

export interface RawSynthesis {
  samples: Float32Array;
  /** Word and clause events, in the order eSpeak emitted them. */
  events: EspeakEvent[];
}

/**
 * One eSpeak instance per thread. eSpeak keeps its voice and state in C globals, so every engine
 * object in a thread shares it; `synthesize` is synchronous from voice selection to the last sample,
 * which is what keeps two engine objects from interleaving.
 */
export class EspeakRuntime {
  /** The WASM heap as it was right after start-up; see `synthesize`. */
  private readonly pristineHeap: PristineHeap;

  constructor(
    readonly module: EspeakModule,
    private readonly worker: EspeakWorker,
  ) {
    // The binding copies strings into a scratch buffer it mallocs and grows on demand, remembering
    // the pointer in JavaScript. Grow it once, before the snapshot, to more than any input may take,
    // so no later call allocates: the restored heap and the binding's pointer then always agree.
    worker.set_voice('x'.repeat(inputCapacity));
    worker.set_voice('en-us');
    worker.synthesize('a', () => false);
    this.pristineHeap = new PristineHeap(module.HEAPU8);
  }

  private selectVoice(name: string): void {
    const status = this.worker.set_voice(name);
    if (status !== 0) throw new Error(`eSpeak NG has no voice "${name}" (status ${status})`);
  }

  /**
   * `ssml` is eSpeak's input: escaped SSML text (see spoken-text.ts), not the caller's raw text.
   *
   * eSpeak keeps state across calls in C globals (its rand() seed for noise and breath, the
   * flutter phase, filter memories), so the same request would sound slightly different each time.
   * Putting the heap back to its start-up state first makes every synthesis a pure function of
   * its input: the same request gives the same bytes, in any thread, after any history. It costs
   * a comparison of the ~17 MB heap with the snapshot (about 2 ms; see PristineHeap) and a voice
   * load (under 1 ms once the voice's files are cached).
   */
  synthesize(voiceName: string, ssml: string, parameters: EspeakParameters): RawSynthesis {
    if (Buffer.byteLength(ssml) + Buffer.byteLength(voiceName) + 64 > inputCapacity) {
      throw new RangeError(`eSpeak input of ${ssml.length} characters is longer than one synthesis takes; split it into sentences`);
    }
    this.pristineHeap.restore(this.module.HEAPU8);
    this.selectVoice(voiceName);
    this.worker.rate = parameters.rate;
    this.worker.pitch = parameters.pitch;
    this.worker.range = parameters.range;
    this.worker.volume = parameters.volume;

    const chunks: Int16Array[] = [];
    const events: EspeakEvent[] = [];
    let length = 0;
    this.worker.synthesize(ssml, (samples, chunkEvents) => {
      chunks.push(samples);
      length += samples.length;
      for (const event of chunkEvents) if (event.type === 'word' || event.type === 'end') events.push(event);
      return false;
    });

    const samples = new Float32Array(length);
    let at = 0;
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i++) samples[at + i] = chunk[i] / 32768;
      at += chunk.length;
    }
    return { samples, events };
  }

  /**
   * The phonemes eSpeak would speak for `text`, clause by clause: each clause's words joined by
   * spaces, each word's phonemes joined by `_` (IPA when `ipa`). Starts from the pristine heap like
   * `synthesize`, so the result depends on the input only.
   */
  phonemize(voiceName: string, text: string, ipa = true): string[] {
    if (Buffer.byteLength(text) + Buffer.byteLength(voiceName) + 64 > inputCapacity) {
      throw new RangeError(`eSpeak input of ${text.length} characters is longer than one call takes; split it into sentences`);
    }
    this.pristineHeap.restore(this.module.HEAPU8);
    this.selectVoice(voiceName);
    const pointer = this.worker.convert_to_phonemes(text, ipa).ptr;
    const bytes = this.module.HEAPU8;
    let end = pointer;
    while (end < bytes.length && bytes[end] !== 0) end++;
    const phonemes = new TextDecoder().decode(bytes.subarray(pointer, end));
    return phonemes.split(' | ').map((clause) => clause.trim()).filter((clause) => clause.length > 0);
  }

  /** A text file of eSpeak's data (voices, variants), from the module's virtual file system. */
  readDataFile(relativePath: string): string {
    return this.module.FS.readFile(`${dataFolder}/${relativePath}`, { encoding: 'utf8' });
  }

  listDataDirectory(relativePath: string): string[] {
    return this.module.FS.readdir(`${dataFolder}/${relativePath}`).filter((name) => !name.startsWith('.'));
  }
}

/**
 * The worker's constructor runs espeak_Initialize, which seeds eSpeak's rand() from time(NULL):
 * whole seconds of `Date.now()`, read through the module's `_emscripten_date_now` import.
 * That seed drives the noise of breathy variants (`+f3`, …), and it is in the heap the runtime
 * snapshots as pristine, so every synthesis would start from a seed that depends on the second
 * the thread loaded eSpeak: two pool threads that started in different seconds gave different
 * bytes for the same request, and every new process gave yet other bytes. Restoring the heap
 * cannot fix that; the seed must be the same at start-up. The constructor is synchronous, so no
 * other code can see `Date.now` replaced meanwhile; it is the only call in start-up that reads
 * the clock into eSpeak's state (loading the data package reads it only for file timestamps).
 */
function constructAtFixedTime(module: EspeakModule): EspeakWorker {
  const now = Date.now;
  Date.now = () => 0;
  try {
    return new module.eSpeakNGWorker();
  } finally {
    Date.now = now;
  }
}

let loading: Promise<EspeakRuntime> | undefined;

/** Loads the WASM module once per thread, on first use; its data files are read as eSpeak opens them. */
export function loadEspeakRuntime(): Promise<EspeakRuntime> {
  loading ??= createEspeakModule(emptyDataPackage()).then((module) => {
    fillOnFirstRead(module, dataFolder);
    const worker = constructAtFixedTime(module);
    if (worker.samplerate !== espeakSampleRate) {
      throw new Error(`eSpeak NG runs at ${worker.samplerate} Hz, expected ${espeakSampleRate} Hz`);
    }
    return new EspeakRuntime(module, worker);
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

import createEspeakModule, { type EspeakEvent, type EspeakModule, type EspeakWorker } from '@echogarden/espeak-ng-emscripten';

/** eSpeak NG's native output rate; the engine hands its audio on at this rate, unresampled. */
export const espeakSampleRate = 22050;

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
  private currentVoice: string | undefined;

  constructor(
    readonly module: EspeakModule,
    private readonly worker: EspeakWorker,
  ) {}

  /** Loading a voice reads its dictionary (up to a few MB), so only switch when it changes. */
  private selectVoice(name: string): void {
    if (name === this.currentVoice) return;
    const status = this.worker.set_voice(name);
    if (status !== 0) {
      this.currentVoice = undefined;
      throw new Error(`eSpeak NG has no voice "${name}" (status ${status})`);
    }
    this.currentVoice = name;
  }

  /** `ssml` is eSpeak's input: escaped SSML text (see spoken-text.ts), not the caller's raw text. */
  synthesize(voiceName: string, ssml: string, parameters: EspeakParameters): RawSynthesis {
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

  /** A text file of eSpeak's data (voices, variants), from the module's virtual file system. */
  readDataFile(relativePath: string): string {
    return this.module.FS.readFile(`/usr/share/espeak-ng-data/${relativePath}`, { encoding: 'utf8' });
  }

  listDataDirectory(relativePath: string): string[] {
    return this.module.FS.readdir(`/usr/share/espeak-ng-data/${relativePath}`).filter((name) => !name.startsWith('.'));
  }
}

let loading: Promise<EspeakRuntime> | undefined;

/** Loads the WASM module and its 24 MB of data once per thread, on first use. */
export function loadEspeakRuntime(): Promise<EspeakRuntime> {
  loading ??= createEspeakModule().then((module) => {
    const worker = new module.eSpeakNGWorker();
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

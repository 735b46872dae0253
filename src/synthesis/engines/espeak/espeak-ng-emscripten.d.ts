/**
 * The part of `@echogarden/espeak-ng-emscripten` this engine uses. The package ships no types; this
 * mirrors its generated bindings (espeakng_glue.idl + post.js) as read from `espeak-ng.js`.
 */
declare module '@echogarden/espeak-ng-emscripten' {
  export type EspeakEventType =
    | 'list_terminated'
    | 'word'
    | 'sentence'
    | 'mark'
    | 'play'
    | 'end'
    | 'msg_terminated'
    | 'phoneme'
    | 'samplerate';

  export interface EspeakEvent {
    type: EspeakEventType;
    /** 1-based position, in code points, of the event in the text handed to `synthesize`. */
    text_position: number;
    /** eSpeak's own idea of the word's length in code points (unreliable, see word-timings.ts). */
    word_length: number;
    /** Milliseconds from the start of the synthesis. */
    audio_position: number;
    id?: number | string;
  }

  export interface EspeakVoiceInfo {
    name: string;
    identifier: string;
    languages: { priority: number; name: string }[];
  }

  export interface EspeakWorker {
    /** Words per minute, 80–450. */
    rate: number;
    /** 0–100, 50 = the voice's own pitch. */
    pitch: number;
    /** 0–100, 50 = the voice's own range. */
    range: number;
    /** Amplitude, 100 = normal. */
    volume: number;
    readonly samplerate: number;
    /** eSpeak's `espeak_SetVoiceByName`: `"en-us"`, `"en-us+f3"`…; 0 on success. */
    set_voice(name: string): number;
    /**
     * Synthesizes SSML text (the glue passes espeakSSML | espeakPHONEMES) synchronously. The callback
     * receives each chunk of 16-bit samples with the events inside it; returning true aborts.
     */
    synthesize(text: string, callback: (samples: Int16Array, events: EspeakEvent[]) => boolean): void;
    list_voices(): EspeakVoiceInfo[];
    /**
     * eSpeak's `espeak_TextToPhonemes` over every clause of the text, with `_` between phonemes,
     * spaces between words and ` | ` between clauses; returns a pointer to the C string.
     */
    convert_to_phonemes(text: string, ipa: boolean): { ptr: number };
  }

  export interface EspeakModule {
    eSpeakNGWorker: new () => EspeakWorker;
    /** The WASM linear memory as bytes (re-created by Emscripten when memory grows). */
    HEAPU8: Uint8Array;
    FS: {
      readFile(path: string, options: { encoding: 'utf8' }): string;
      readdir(path: string): string[];
    };
  }

  const createEspeakModule: (moduleArg?: object) => Promise<EspeakModule>;
  export default createEspeakModule;
}

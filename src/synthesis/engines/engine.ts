import type { TimedPcm } from '../audio.js';

/** Name an engine registered under (see engine-registry.ts): `espeak`, `flite`, `piper`, … */
export type EngineName = string;

/** Which engine voice speaks, chosen by the catalog or a custom voice profile. */
export interface EngineVoice {
  engine: EngineName;
  /** eSpeak NG voice/language identifier (e.g. `en-us`, `ko`, `cmn`), or Flite voice name (e.g. `kal`, `slt`). */
  id: string;
  /** eSpeak NG variant (e.g. `f3`, `m2`, `whisper`); ignored by Flite. */
  variant?: string;
  /** Model engines: absolute path of the model file the voice speaks with. */
  model?: string;
  /** Model engines: speaker number within a multi-speaker model. */
  speaker?: number;
}

/**
 * Engine-level prosody. Values are relative so that every engine can honour them the same way;
 * an engine that cannot apply one natively leaves it for the DSP stage to do (see `applied`).
 */
export interface EngineProsody {
  /** Speaking-rate multiplier: 2 speaks twice as fast. 1 = the voice's normal rate. */
  rate: number;
  /** Pitch level offset in semitones relative to the voice's normal pitch. */
  pitch: number;
  /** Pitch range multiplier: 0 = monotone, 1 = normal, 2 = twice the excursion. */
  range: number;
  /** Linear amplitude multiplier applied by the engine (1 = normal). */
  volume: number;
}

export const neutralProsody: EngineProsody = { rate: 1, pitch: 0, range: 1, volume: 1 };

export interface EngineRequest {
  /** Text already normalized for speech (numbers spelled out, etc.). Word offsets refer to this string. */
  text: string;
  /** ISO 639-3 language code of the text. */
  language: string;
  voice: EngineVoice;
  prosody: EngineProsody;
  /**
   * The request's seed (absent or 0 when it named none). eSpeak and Flite are deterministic and ignore it;
   * an engine with randomness must draw it from this seed only, so the same request gives the same audio.
   */
  seed?: number;
}

export interface EngineOutput extends TimedPcm {
  /** Which prosody fields the engine applied itself; the rest must be applied by DSP. */
  applied: { rate: boolean; pitch: boolean; range: boolean; volume: boolean };
  /** Semitones the engine really moved the pitch when it could reach only part of the request. */
  achievedPitch?: number;
}

/** What an engine can do, as it registers itself; the catalog and the router read only this. */
export interface EngineCapabilities {
  /** ISO 639-3 codes the engine speaks; for model engines, those of the models installed. */
  languages(): readonly string[];
  /** `native`: from the engine's own events or durations; `estimated`: spread over the audio by a documented rule. */
  wordTimings: 'native' | 'estimated';
  /** Sentence-by-sentence streaming is done by the pipeline for every engine; true when the engine's first sentence is as fast as any. */
  streaming: boolean;
  /** Hz of the engine's output, or `per-voice` when each model has its own. */
  sampleRate: number | 'per-voice';
}

/** A text-to-speech engine. Implementations are CPU-bound and run inside pool workers. */
export interface Engine {
  readonly name: EngineName;
  synthesize(request: EngineRequest): Promise<EngineOutput>;
  close?(): Promise<void>;
}

import type { WordTiming } from '../audio.js';
import type { EngineProsody, EngineVoice } from '../engines/engine.js';
import type { OutputSpec } from '../pipeline/speech-request.js';
import type { VoiceProfile } from '../adaptation/voice-profile.js';

/** Render one sentence: engine, trim, resample, output pitch and tempo. Offsets stay in `text`. */
export interface SentenceTask {
  kind: 'sentence';
  text: string;
  language: string;
  voice: EngineVoice;
  prosody: EngineProsody;
  sampleRate: number;
  pitch: number;
  tempo: number;
  lastPitch: number;
  /** A custom voice's profile: its timbre is applied right after the engine. */
  profile?: VoiceProfile;
}

export interface RenderedSentence {
  samples: Float32Array;
  sampleRate: number;
  words: WordTiming[];
}

/** Join rendered sentences and finish the speech: duration, cut, loudness, encoding. */
export interface FinishTask {
  kind: 'finish';
  pieces: RenderedSentence[];
  /** Seconds of silence after each piece but the last. */
  pauses: number[];
  /** Added to each piece's word offsets, so the words point into the pieces' texts joined. */
  textOffsets: number[];
  output: OutputSpec;
}

export interface FinishedSpeech {
  audio: Uint8Array;
  sampleRate: number;
  duration: number;
  words: WordTiming[];
}

/** Encode one piece on its own, for streaming (no whole-speech stages). */
export interface EncodeChunkTask {
  kind: 'encode-chunk';
  piece: RenderedSentence;
  output: OutputSpec;
  /** WAV stream chunks are raw PCM16; MP3 chunks are whole frames. */
}

export type PoolTask = SentenceTask | FinishTask | EncodeChunkTask;

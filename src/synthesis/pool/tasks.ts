import type { WordTiming } from '../audio.js';
import type { EngineProsody, EngineVoice } from '../engines/engine.js';
import type { OutputSpec } from '../pipeline/speech-request.js';
import type { FrameRequest } from '../adaptation/frame-requests.js';
import type { VoiceProfile } from '../adaptation/voice-profile.js';
import type { ThreadBarrier } from './thread-barrier.js';

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
  /** The request's seed, handed to the engine (0 when the request named none). */
  seed?: number;
  /**
   * Where each sentence starts in `text` when it holds several (one engine call for neighbouring
   * sentences), and the pause put between them, in seconds before the tempo (space-sentences.ts).
   */
  sentences?: { starts: number[]; pauseSeconds: number };
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

/**
 * One piece of a stream, encoded on its own: `leadingSilence` samples of silence (the pause after
 * the previous piece), then the piece brought to `output.targetLufs` when set (loudness of this
 * piece alone, since the whole speech is never in hand). WAV chunks are raw PCM16 (the stream's
 * header is sent apart); MP3 chunks are whole frames of a LAME encoder of their own.
 */
export interface EncodeChunkTask {
  kind: 'encode-chunk';
  piece: RenderedSentence;
  output: OutputSpec;
  leadingSilence?: number;
}

export interface EncodedChunk {
  audio: Uint8Array;
  /** PCM samples encoded (silence and piece). */
  samples: number;
  /** Samples a decoder gives back for `audio`: `samples` for WAV; whole frames for MP3, encoder delay and padding included. */
  decodedSamples: number;
}

/**
 * A whole speech in one thread: every group rendered in turn, then finished. Used when the pool
 * is busy anyway, so spreading one request over threads would only add round trips.
 */
export interface SpeechTask {
  kind: 'speech';
  groups: Omit<SentenceTask, 'kind'>[];
  pauses: number[];
  textOffsets: number[];
  output: OutputSpec;
}

/** Collect the thread's garbage now (see collect-garbage.ts); answers the thread's id. */
export interface CollectTask {
  kind: 'collect';
  barrier?: ThreadBarrier;
}

/** One round of the thread's warm-up (warm-up.ts); answers the thread's id. */
export interface WarmUpTask {
  kind: 'warm-up';
  barrier?: ThreadBarrier;
}

/** Measures a block of a voice sample for an adaptation thread (adaptation/pool-port.ts). */
export interface FramesTask {
  kind: 'frames';
  request: FrameRequest;
}

export type PoolTask = SentenceTask | FinishTask | EncodeChunkTask | SpeechTask | CollectTask | WarmUpTask | FramesTask;

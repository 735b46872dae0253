import type { WordTiming } from '../audio.js';
import type { EngineProsody, EngineVoice } from '../engines/engine.js';
import type { VoiceProfile } from '../adaptation/voice-profile.js';

export type AudioFormat = 'wav' | 'mp3' | 'mulaw';

/** What the listener gets: format, rate and the output controls applied after the engine. */
export interface OutputSpec {
  format: AudioFormat;
  sampleRate: number;
  /** MP3 bitrate in kbps; default by rate (320 at 44.1 kHz). */
  mp3Bitrate?: number;
  /** Semitones, −12…12, applied by DSP without changing the tempo. */
  pitch: number;
  /** Playback speed, 0.5…2, without changing the pitch. */
  tempo: number;
  /** Linear gain (1 = unchanged); ignored when targetLufs is set. */
  volume: number;
  /** Integrated loudness target per BS.1770, or null. */
  targetLufs: number | null;
  /** Stretch the finished speech to exactly this many seconds, or null. */
  durationSeconds: number | null;
  /** Cut the speech at this length (at a word boundary where possible), or null. */
  maxSeconds: number | null;
  /** Pitch of each sentence's last word: −2…2 steps. */
  lastPitch: number;
}

/** A voice ready for the engine: which engine voice, and its prosody with the emotion folded in. */
export interface VoiceRendering {
  voice: EngineVoice;
  prosody: EngineProsody;
  /** A custom voice's timbre (formant scale, equalizer), applied to every sentence after the engine. */
  profile?: VoiceProfile;
}

/**
 * A stretch of the request text read with its own prosody or language (from an SSML document).
 * Offsets are UTF-16, into the request text; consecutive spans cover it in order.
 */
export interface SpokenSpan {
  from: number;
  to: number;
  /** Speaking-rate multiplier on top of the request's tempo (DSP, so the voice keeps its pitch). */
  rate: number;
  /** Semitones added to the request's pitch. */
  pitch: number;
  /** Linear gain. */
  volume: number;
  /** ISO 639-3, or null for the request's language. */
  language: string | null;
  /** Seconds of silence before the span (SSML breaks), besides any pause between sentences. */
  pauseBefore: number;
  /** The span starts a sentence or paragraph (SSML s and p) even when the text before it does not end one. */
  newSentence: boolean;
}

export interface SpeechRequest {
  text: string;
  /** Set when the text came from an SSML document: how each part of it is read. */
  spans?: readonly SpokenSpan[];
  /** ISO 639-3; null detects it from the text. */
  language: string | null;
  /** The engine voice and prosody for the language spoken: a voice speaks whatever language it is asked to. */
  render: (language: string) => VoiceRendering;
  output: OutputSpec;
  /** Handed to every engine call; engines with randomness draw it from this only. */
  seed?: number;
}

export interface SynthesizedSpeech {
  audio: Uint8Array;
  contentType: string;
  sampleRate: number;
  /** Seconds of audio. */
  duration: number;
  language: string;
  /** Words with offsets into the request text. */
  words: WordTiming[];
  /** The text as spoken (normalized), sentence by sentence joined with spaces, and word offsets into it. */
  spoken: { text: string; words: WordTiming[] };
}

export const defaultOutput: OutputSpec = {
  format: 'wav',
  sampleRate: 44100,
  pitch: 0,
  tempo: 1,
  volume: 1,
  targetLufs: null,
  durationSeconds: null,
  maxSeconds: null,
  lastPitch: 0,
};

export function contentTypeOf(format: AudioFormat): string {
  return format === 'mp3' ? 'audio/mpeg' : 'audio/wav';
}

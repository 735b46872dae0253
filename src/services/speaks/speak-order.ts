import type { AudioFormat, OutputSpec } from '../../synthesis/pipeline/speech-request.js';

/** A `POST /api/speak` body after validation of its form; what the speak job synthesizes from. */
export interface SpeakOrder {
  text: string;
  mode: 'actor' | 'audio_file';
  actorId: string | null;
  speakResourceId: string | null;
  /** ISO 639-3, or null for `auto` (detected from the text). */
  language: string | null;
  format: AudioFormat;
  /** 44.1 kHz instead of 16 kHz (μ-law is 8 kHz whatever this says). */
  hd: boolean;
  /** Version name or alias as sent; `latest` when absent. */
  modelVersion: string;
  /** As sent (normalized to the bare preset name), or null for `normal`. */
  emotionPreset: string | null;
  emotionPrompt: string | null;
  /** Percent: 100 = unchanged. */
  volume: number;
  /** Speaking duration factor: 1.5 slower, 0.5 faster. */
  speedX: number;
  tempo: number;
  pitch: number;
  maxSeconds: number;
  /** Fixed length in seconds, or null. When set, tempo and speed_x are left at their defaults. */
  duration: number | null;
  lastPitch: number;
}

export const standardRate = 16000;
export const hdRate = 44100;
export const mulawRate = 8000;


/** What the listener gets, as the synthesis core takes it. */
export function outputSpecOf(order: SpeakOrder): OutputSpec {
  const fixed = order.duration !== null;
  return {
    format: order.format,
    sampleRate: order.format === 'mulaw' ? mulawRate : order.hd ? hdRate : standardRate,
    pitch: order.pitch,
    tempo: fixed ? 1 : order.tempo,
    volume: order.volume / 100,
    targetLufs: null,
    durationSeconds: order.duration,
    maxSeconds: fixed ? null : order.maxSeconds,
    lastPitch: order.lastPitch,
  };
}

/** The engine rate multiplier for speed_x (a duration factor): 1.5 → rate 1/1.5. Ignored with a fixed duration. */
export function engineRateOf(order: SpeakOrder): number {
  return order.duration !== null ? 1 : 1 / order.speedX;
}

/** File extension of the stored audio; μ-law lives in a WAV container. */
export function extensionOf(format: AudioFormat): 'wav' | 'mp3' {
  return format === 'mp3' ? 'mp3' : 'wav';
}

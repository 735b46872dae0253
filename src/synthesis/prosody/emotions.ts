import type { EmotionPreset } from '../catalog/voice-types.js';
import type { EngineProsody } from '../engines/engine.js';

/** How far each emotion moves the voice at intensity 1. */
interface EmotionShape {
  /** Semitones added to the pitch level. */
  pitch: number;
  /** Multiplier of the pitch excursion. */
  range: number;
  /** Multiplier of the speaking rate. */
  rate: number;
  /** Multiplier of the amplitude. */
  volume: number;
  /** Breathy voice without voicing. */
  whisper: boolean;
}

/**
 * Directions follow the acoustic correlates reported for acted emotional speech: joy raises pitch
 * level and range and speeds up; sadness lowers, narrows and slows; anger raises intensity, range
 * and rate. toneup/tonedown only move the pitch level.
 */
const shapes: Record<EmotionPreset, EmotionShape> = {
  normal: { pitch: 0, range: 1, rate: 1, volume: 1, whisper: false },
  happy: { pitch: 2.5, range: 1.6, rate: 1.1, volume: 1.12, whisper: false },
  sad: { pitch: -2.5, range: 0.55, rate: 0.82, volume: 0.8, whisper: false },
  angry: { pitch: 1.5, range: 1.4, rate: 1.12, volume: 1.4, whisper: false },
  whisper: { pitch: 0, range: 0.8, rate: 0.95, volume: 0.7, whisper: true },
  toneup: { pitch: 3, range: 1.1, rate: 1, volume: 1, whisper: false },
  tonedown: { pitch: -3, range: 0.9, rate: 1, volume: 1, whisper: false },
};

export interface EmotionProsody extends EngineProsody {
  whisper: boolean;
}

/**
 * Prosody of an emotion at an intensity from 0 (neutral) to 2 (twice as strong). Additive values
 * scale linearly, multiplicative ones geometrically, so intensity 2 of "sad" is sad twice over.
 */
export function emotionProsody(preset: EmotionPreset, intensity = 1): EmotionProsody {
  const shape = shapes[preset];
  const k = Math.min(2, Math.max(0, intensity));
  return {
    pitch: shape.pitch * k,
    range: shape.range ** k,
    rate: shape.rate ** k,
    volume: shape.volume ** k,
    whisper: shape.whisper && k > 0,
  };
}

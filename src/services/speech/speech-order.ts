import type { DictionaryLocator } from '../pronunciation-dictionaries/pronunciation-dictionary-service.js';
import type { EmotionPreset, TtsModel } from '../../synthesis/catalog/voice-types.js';

/** How the emotion of a request is chosen: named (plain or preset prompt) or inferred (smart prompt). */
export type EmotionOrder =
  | { kind: 'plain' | 'preset'; preset: EmotionPreset; intensity: number }
  | { kind: 'smart'; previousText: string | null; nextText: string | null };

/** The output controls of the current interface, already checked for range. */
export interface OutputOrder {
  format: 'wav' | 'mp3';
  /** 0…200, 100 unchanged; ignored when targetLufs is set. */
  volume: number;
  targetLufs: number | null;
  /** Semitones −12…12. */
  pitch: number;
  /** 0.5…2. */
  tempo: number;
}

/** One synthesis as the current interface asks for it, validated for shape. */
export interface SpeechOrder {
  voiceId: string;
  text: string;
  model: TtsModel;
  /** Our ISO 639-3 code, or null to detect it from the text. */
  language: string | null;
  emotion: EmotionOrder;
  output: OutputOrder;
  /**
   * Accepted for compatibility. Synthesis is deterministic already: the same request gives the
   * same bytes whatever the seed.
   */
  seed: number | null;
  /** Pronunciation dictionaries the request names (ElevenLabs' locators), besides the account's defaults. */
  dictionaries?: readonly DictionaryLocator[];
}

export const defaultOutputOrder: OutputOrder = { format: 'wav', volume: 100, targetLufs: null, pitch: 0, tempo: 1 };

/** Credits a text costs: its length in characters (Unicode code points, so an emoji is one). */
export function creditCost(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

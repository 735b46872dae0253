import type { WordTiming } from '../../synthesis/audio.js';
import { characterTimestamps } from '../speech/timestamps.js';

/** ElevenLabs' character alignment: one entry per character, so `characters.join('')` is the text. */
export interface CharacterAlignment {
  characters: string[];
  character_start_times_seconds: number[];
  character_end_times_seconds: number[];
}

/** The characters of `text` (by code point) with the windows the engine words give them (timestamps.ts). */
export function alignmentOf(text: string, words: readonly WordTiming[], duration: number): CharacterAlignment {
  const timed = characterTimestamps(text, words, duration);
  return {
    characters: timed.map((c) => c.text),
    character_start_times_seconds: timed.map((c) => c.start),
    character_end_times_seconds: timed.map((c) => c.end),
  };
}

/** Entries `from`…`to` of an alignment, their times moved by `shift` seconds (kept ≥ 0). */
export function sliceAlignment(alignment: CharacterAlignment, from: number, to: number, shift = 0): CharacterAlignment {
  const move = (t: number) => Math.max(0, Math.round((t + shift) * 1000) / 1000);
  return {
    characters: alignment.characters.slice(from, to),
    character_start_times_seconds: alignment.character_start_times_seconds.slice(from, to).map(move),
    character_end_times_seconds: alignment.character_end_times_seconds.slice(from, to).map(move),
  };
}

import type { TtsModel } from '../../synthesis/catalog/voice-types.js';
import type { EmotionOrder } from '../speech/speech-order.js';

/** ElevenLabs' `voice_settings`, already checked for range. */
export interface ElevenLabsVoiceSettings {
  /** 0…1. Accepted, no effect: Orator's engines are deterministic, there is no sampling variance to steady. */
  stability?: number | null;
  /** 0…1. Accepted, no effect: a custom voice always speaks with its whole adaptation. */
  similarity_boost?: number | null;
  /** 0…1, style exaggeration: above 0 the voice speaks with the emotion inferred from the text and its context. */
  style?: number | null;
  /** Accepted, no effect: there is no separate speaker-similarity stage to boost. */
  use_speaker_boost?: boolean | null;
  /** 0.5…2 (ElevenLabs' own range, 0.7…1.2, is inside): the tempo, without a pitch change. */
  speed?: number | null;
}

/** Orator's speed limits for `speed` (the Typecast interface's audio_tempo range). */
export const minSpeed = 0.5;
export const maxSpeed = 2;

export interface ElevenLabsProsody {
  tempo: number;
  emotion: EmotionOrder;
}

/**
 * What the settings do here: `speed` is the tempo; `style` above 0 turns on the inferred
 * emotion (the smart prompt: happy, sad, angry, whisper, tone up or down as the words of the
 * text, `previous_text` and `next_text` suggest), on models that have it (ssfm-v30 and later).
 * Without style the voice speaks plainly, and the context texts change nothing.
 */
export function prosodyOf(settings: ElevenLabsVoiceSettings | null | undefined, context: { previousText: string | null; nextText: string | null }, model: TtsModel): ElevenLabsProsody {
  const tempo = settings?.speed ?? 1;
  const style = settings?.style ?? 0;
  if (style > 0 && model !== 'ssfm-v21') return { tempo, emotion: { kind: 'smart', previousText: context.previousText, nextText: context.nextText } };
  return { tempo, emotion: { kind: 'plain', preset: 'normal', intensity: 1 } };
}

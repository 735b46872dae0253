import type { CatalogVoice, EmotionPreset, TtsModel } from '../catalog/voice-types.js';
import { engineVoiceFor } from '../catalog/voice-models.js';
import { espeakVoiceFor } from '../engines/espeak/languages.js';
import { emotionProsody } from '../prosody/emotions.js';
import type { VoiceRendering } from './speech-request.js';

export interface EmotionChoice {
  preset: EmotionPreset;
  intensity: number;
}

/**
 * A catalog voice, on a model, with an emotion, speaking a language → engine voice and prosody.
 * Flite speaks only English, a neural voice only its model's language, and neither whispers: those
 * requests go to eSpeak with the voice's variant.
 */
export function renderCatalogVoice(voice: CatalogVoice, model: TtsModel, emotion: EmotionChoice, language: string): VoiceRendering {
  const mood = emotionProsody(emotion.preset, emotion.intensity);
  const espeakId = espeakVoiceFor(language) ?? espeakVoiceFor('eng')!;
  let engineVoice = engineVoiceFor(voice, model, espeakId);
  // A neural voice speaks its model's language only; other languages are read by eSpeak with the voice's variant.
  const speaks = engineVoice.engine === 'flite' ? language === 'eng' : engineVoice.engine === 'espeak' || language === voice.language;
  if (engineVoice.engine !== 'espeak' && (!speaks || mood.whisper)) {
    engineVoice = { engine: 'espeak', id: espeakId, variant: voice.sound.espeakVariant };
  }
  if (mood.whisper && engineVoice.engine === 'espeak') engineVoice = { ...engineVoice, variant: whisperVariant(voice) };
  return {
    voice: engineVoice,
    prosody: {
      pitch: voice.sound.pitch + mood.pitch,
      rate: voice.sound.rate * mood.rate,
      range: mood.range,
      volume: mood.volume,
    },
  };
}

/** eSpeak has a male and a female whisper variant. */
function whisperVariant(voice: CatalogVoice): string {
  return voice.gender === 'female' ? 'whisperf' : 'whisper';
}

import type { EngineVoice } from '../engines/engine.js';
import type { CatalogVoice, EmotionPreset, TtsModel } from './voice-types.js';

/** ssfm-v21 is the first generation: four emotions. Later models add whisper and tone shifts. */
const emotionsByModel: Record<TtsModel, readonly EmotionPreset[]> = {
  'ssfm-v21': ['normal', 'happy', 'sad', 'angry'],
  'ssfm-v30': ['normal', 'happy', 'sad', 'angry', 'whisper', 'toneup', 'tonedown'],
  'ssfm-v31': ['normal', 'happy', 'sad', 'angry', 'whisper', 'toneup', 'tonedown'],
};

/** Voices kept on the first generation only, so model filters have something to tell apart. */
const v21Only = new Set(['tgl-maria', 'yue-kaho', 'pan-harpreet']);
/** Voices introduced with the later models. */
const laterOnly = new Set(['eng-mia', 'kor-seoyeon', 'jpn-yui']);

export interface VoiceModel {
  version: TtsModel;
  emotions: EmotionPreset[];
}

/**
 * Neural voices speak on the later models only (ssfm-v21 stays the formant tier), with every
 * emotion Orator's prosody renders on any voice (pitch, range, rate, loudness); whisper needs
 * eSpeak's whisper variants, which a neural model does not have.
 */
const neuralModels: readonly TtsModel[] = ['ssfm-v30', 'ssfm-v31'];

export function modelsOf(voice: CatalogVoice): VoiceModel[] {
  if (voice.neural) {
    return neuralModels.map((version) => ({ version, emotions: emotionsByModel[version].filter((e) => e !== 'whisper') }));
  }
  const versions: TtsModel[] = v21Only.has(voice.slug)
    ? ['ssfm-v21']
    : laterOnly.has(voice.slug)
      ? ['ssfm-v30', 'ssfm-v31']
      : ['ssfm-v21', 'ssfm-v30', 'ssfm-v31'];
  return versions.map((version) => ({ version, emotions: [...emotionsByModel[version]] }));
}

export function emotionsOf(model: TtsModel): readonly EmotionPreset[] {
  return emotionsByModel[model];
}

/**
 * Model → engine tier. The later models use Flite, the clearer engine, for English voices that
 * have a Flite voice; everything else speaks through eSpeak NG with the voice's variant.
 */
export function engineVoiceFor(voice: CatalogVoice, model: TtsModel, espeakId: string): EngineVoice {
  if (voice.neural && model !== 'ssfm-v21') {
    return { engine: voice.neural.engine, id: voice.slug, model: voice.neural.model, speaker: voice.neural.speaker };
  }
  if (model !== 'ssfm-v21' && voice.sound.fliteVoice) {
    return { engine: 'flite', id: voice.sound.fliteVoice };
  }
  return { engine: 'espeak', id: espeakId, variant: voice.sound.espeakVariant };
}

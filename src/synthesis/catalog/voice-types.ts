export const ttsModels = ['ssfm-v21', 'ssfm-v30', 'ssfm-v31'] as const;
export type TtsModel = (typeof ttsModels)[number];

export const emotionPresets = ['normal', 'happy', 'sad', 'angry', 'whisper', 'toneup', 'tonedown'] as const;
export type EmotionPreset = (typeof emotionPresets)[number];

export const genders = ['male', 'female'] as const;
export type Gender = (typeof genders)[number];

export const ages = ['child', 'teenager', 'young_adult', 'middle_age', 'elder'] as const;
export type Age = (typeof ages)[number];

/** Use-case labels of the enumeration (the interface shows these; the full list is not published). */
export const useCaseLabels = [
  'Announcer',
  'Anime',
  'Audiobook',
  'Audiobook/Storytelling',
  'Ads',
  'Conversational',
  'Documentary',
  'E-learning',
  'Game',
  'News',
  'Podcast',
  'TikTok/Reels/Shorts',
  'Voicemail',
] as const;
export type UseCase = (typeof useCaseLabels)[number];

/** How a built-in voice sounds on each engine tier. */
export interface VoiceSound {
  /** eSpeak NG variant (m1…m7, f1…f5, …) giving the voice its timbre. */
  espeakVariant: string;
  /** Semitones added to the engine's normal pitch for this voice. */
  pitch: number;
  /** Speaking-rate multiplier of this voice. */
  rate: number;
  /** Flite voice for the clearer English tier; absent for other languages. */
  fliteVoice?: string;
}

export interface CatalogVoice {
  /** 24 lowercase hex: `tc_<id>` as a voice, `<id>` as an actor of the earlier interface. */
  id: string;
  /** Stable key the id is derived from; never rename. */
  slug: string;
  name: { eng: string; kor: string };
  language: string;
  gender: Gender;
  age: Age;
  useCases: UseCase[];
  /** Free words used by recommendations (e.g. "calm", "deep", "bright"). */
  style: string[];
  sound: VoiceSound;
  /** Voices an engine brings from an installed model (see engines/): which model and speaker speak. */
  neural?: NeuralSource;
}

/** The model behind a catalog voice that an engine added from what is installed. */
export interface NeuralSource {
  /** Registered engine name (`piper`). */
  engine: string;
  /** Absolute path of the model file. */
  model: string;
  /** Speaker id within the model. */
  speaker: number;
}

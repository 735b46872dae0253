/** Shapes of the interface's answers that the page reads. */
export interface Voice {
  voice_id: string;
  voice_name: Record<string, string>;
  voice_type: 'original' | 'custom';
  gender: string | null;
  age: string | null;
  models: { version: string; emotions: string[] }[];
  use_cases: string[];
  preview_url: string | null;
}

export interface Subscription {
  plan: string;
  credits: { plan_credits: number; used_credits: number };
  limits: { concurrency_limit: number; custom_voice_slot: number; professional_voice_slot: number };
}

export interface CustomVoiceItem {
  voice_id: string;
  name: string;
  model: string;
  source: string;
  status: string;
  error: string | null;
  created_at: string;
}

export interface Catalog {
  models: string[];
  cloneModels: string[];
  emotions: string[];
  genders: string[];
  ages: string[];
  useCases: string[];
  languages: { code: string; english: string; korean: string; legacy: string[] }[];
  voiceLanguages: Record<string, string>;
}

export interface TimedText {
  text: string;
  start: number;
  end: number;
}

export interface TimestampsAnswer {
  audio: string;
  audio_format: 'wav' | 'mp3';
  audio_duration: number;
  words: TimedText[] | null;
  characters: TimedText[] | null;
  /** Caption files of these timings (asked for with `?captions=srt,vtt`). */
  captions?: { srt?: string; vtt?: string };
}

import type { WordTiming } from '../../synthesis/audio.js';
import type { AudioFormat } from '../../synthesis/pipeline/speech-request.js';
import type { SpeakOrder } from './speak-order.js';

export type SpeakStatus = 'progress' | 'done' | 'failed';

/** Word timings kept for prosody-meta: on the user's input and on the normalized text. */
export interface SpeakTiming {
  language: string;
  words: WordTiming[];
  spoken: { text: string; words: WordTiming[] };
  /** The text `words` point into when it is not the order's (an SSML document's spoken text). */
  text?: string;
}

/** One speak as the services see it. */
export interface Speak {
  id: string;
  uid: string;
  status: SpeakStatus;
  order: SpeakOrder;
  /** The request body as sent (known fields only). */
  query: Record<string, unknown>;
  actorId: string | null;
  textCount: number;
  credits: number;
  format: AudioFormat;
  audioKey: string | null;
  contentType: string | null;
  sampleRate: number | null;
  /** Seconds of audio, once done. */
  duration: number | null;
  synthesisSeconds: number | null;
  timing: SpeakTiming | null;
  error: string | null;
  createdAt: number;
  finishedAt: number | null;
}

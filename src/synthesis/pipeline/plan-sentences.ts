import { detectLanguage } from '../text/detect-language.js';
import { normalizeText } from '../text/normalize.js';
import type { OffsetMap } from '../text/offset-map.js';
import { segmentSentences } from '../text/segment-sentences.js';
import { hasSpeakableContent } from '../text/speakable.js';

/** One sentence as the engine will read it, and the way back to the user's text. */
export interface SentencePlan {
  /** Offset of the sentence in the request text. */
  offset: number;
  /** The sentence as written. */
  written: string;
  /** The sentence as spoken (normalized); engine word offsets point into it. */
  spoken: string;
  /** spoken → written offsets. */
  map: OffsetMap;
}

export class NothingToSpeakError extends Error {
  constructor() {
    super('The text has nothing that can be spoken');
  }
}

/** Language of a request: the one asked for, else detected, else English. */
export function resolveLanguage(text: string, requested: string | null): string {
  return requested ?? detectLanguage(text) ?? 'eng';
}

/** Splits the text into sentences the pool can synthesize in parallel, each normalized for speech. */
export function planSentences(text: string, language: string): SentencePlan[] {
  if (!hasSpeakableContent(text)) throw new NothingToSpeakError();
  const plans: SentencePlan[] = [];
  for (const sentence of segmentSentences(text, language)) {
    if (!hasSpeakableContent(sentence.text)) continue;
    const normalized = normalizeText(sentence.text, language);
    if (!hasSpeakableContent(normalized.text)) continue;
    plans.push({ offset: sentence.offset, written: sentence.text, spoken: normalized.text, map: normalized.map });
  }
  if (plans.length === 0) throw new NothingToSpeakError();
  return plans;
}

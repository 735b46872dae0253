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

/**
 * How much longer than the text as written (and billed) the text as spoken may be: numbers,
 * times, dates and symbols spelled out grow it (`99%` → "ninety-nine percent", 5×; a 12-digit
 * number, 8×; `12:30 2024-01-01` → "twelve thirty two thousand twenty-four zero one zero one",
 * 3.35×), and the audio and CPU grow with it. Measured on repeated samples: prose 1×, a
 * timetable sentence 1.5×, scores 1.7×, dates in a sentence 2.5×, a revenue sentence with
 * percentages and money 2.6×, a bare list of times 2.7×. 3 lets every one of those through and
 * refuses bare runs of dates and times, amounts and years (3.35–4.2×), which at 4 rendered
 * 1,904 characters into 325 s of audio (28.7 MB of WAV at 44.1 kHz): so a credit buys at most
 * three characters' worth of speech. `expansionSlack` characters more are always allowed, so a
 * short "1%" is fine.
 */
export const maxSpokenExpansion = 3;
export const expansionSlack = 100;

/** The text would be spoken far longer than it is written (see maxSpokenExpansion). */
export class SpokenTextTooLongError extends Error {
  constructor(
    readonly spokenCharacters: number,
    readonly writtenCharacters: number,
    readonly limit: number,
  ) {
    super(
      `The text expands to ${spokenCharacters} characters once numbers, times, dates and symbols are spelled out; ` +
        `a request may be spoken at most ${maxSpokenExpansion} times as long as it is written (+${expansionSlack}), ` +
        `${limit} characters for these ${writtenCharacters}. Write the numbers out or split the text.`,
    );
    this.name = 'SpokenTextTooLongError';
  }
}

/**
 * Refuses text whose spoken form is more than `maxSpokenExpansion` times as long as its billed
 * characters (code points): the cost of a request stays proportional to what it pays. Services
 * call this before they take credits; it normalizes the text once (a few ms for 2,000 characters).
 */
export function checkSpokenLength(text: string, language: string): void {
  const written = codePoints(text);
  const limit = written * maxSpokenExpansion + expansionSlack;
  let spoken = 0;
  for (const sentence of segmentSentences(text, language)) spoken += codePoints(normalizeText(sentence.text, language).text);
  if (spoken > limit) throw new SpokenTextTooLongError(spoken, written, limit);
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
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

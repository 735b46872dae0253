import { OffsetMap } from './offset-map.js';
import { rewriteForSpeech } from './normalize/rewrite-for-speech.js';

export interface NormalizedText {
  /** The text as the engine should read it. */
  text: string;
  /** Maps offsets in `text` back to the text given to `normalizeText`. */
  map: OffsetMap;
}

/**
 * Rewrites text so that an engine reads it as a person would: numbers, decimals, ordinals,
 * percentages and amounts of money spelled out in the language (through n2words, where it knows
 * the language; see `normalize/number-speller.ts`), common abbreviations expanded, web and e-mail
 * addresses said piece by piece, & @ + = % named, blanks collapsed and invisible characters
 * removed. What it does not recognise it copies unchanged.
 *
 * Never throws: should a rule fail on some unforeseen input, the text goes to the engine as it
 * was written rather than failing the request.
 */
export function normalizeText(text: string, iso3: string): NormalizedText {
  if (typeof text !== 'string' || text.length === 0) return { text: '', map: OffsetMap.identity(0) };
  try {
    return rewriteForSpeech(text, iso3);
  } catch {
    return { text, map: OffsetMap.identity(text.length) };
  }
}

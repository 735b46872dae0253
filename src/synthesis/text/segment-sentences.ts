import { languageOf } from './languages.js';
import { nonFinalAbbreviations } from './normalize/abbreviations.js';

export interface Sentence {
  /** The sentence without the blanks around it. */
  text: string;
  /** Where `text` starts in the input (UTF-16 code units). */
  offset: number;
}

/** Long enough for any ordinary sentence; short enough that a long text spreads over workers. */
export const defaultMaxSentenceLength = 400;

// Languages that write ordinal numbers with a dot ("am 3. Oktober", "3. maj"), which the Unicode
// rules take for a full stop.
const ordinalDotLanguages = new Set(['deu', 'dan', 'nor', 'fin', 'hun', 'hrv', 'ces', 'slk', 'pol', 'tur']);

// Thai has no full stop; its rare section marks end a sentence too.
const thaiSectionEnd = /[๚๛]/u;
const clauseBoundary = /[,;:，、；：،؛—–]/u;

/**
 * Splits text into sentences for synthesis, with offsets into the input. Uses the Unicode
 * sentence rules (Intl.Segmenter: . ! ? 。！？ । ॥ …), then repairs what they get wrong for
 * speech: no break after abbreviations ("Dr. Smith"), initials ("J. R. R. Tolkien") or ordinal
 * dots; a sentence longer than `maxLength` is cut at a clause boundary, else between words,
 * so long texts run in parallel. Blank sentences are dropped.
 */
export function segmentSentences(text: string, iso3: string, maxLength = defaultMaxSentenceLength): Sentence[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const locale = languageOf(iso3)?.locale ?? 'en';
  const pieces = unicodeSentences(text, locale);
  const joined = joinFalseBreaks(pieces, iso3);
  const sentences: Sentence[] = [];
  for (const piece of joined) {
    for (const part of splitThaiSections(piece)) {
      for (const capped of capLength(part, Math.max(16, maxLength))) {
        const trimmed = trim(capped);
        if (trimmed) sentences.push(trimmed);
      }
    }
  }
  return sentences;
}

const segmenters = new Map<string, Intl.Segmenter>();

function unicodeSentences(text: string, locale: string): Sentence[] {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
    segmenters.set(locale, segmenter);
  }
  return Array.from(segmenter.segment(text), (s) => ({ text: s.segment, offset: s.index }));
}

function joinFalseBreaks(pieces: Sentence[], iso3: string): Sentence[] {
  const abbreviations = nonFinalAbbreviations(iso3);
  const out: Sentence[] = [];
  for (const piece of pieces) {
    const previous = out[out.length - 1];
    if (previous && isFalseBreak(previous.text, piece.text, abbreviations, iso3)) {
      previous.text += piece.text;
    } else {
      out.push({ ...piece });
    }
  }
  return out;
}

function isFalseBreak(before: string, after: string, abbreviations: string[], iso3: string): boolean {
  const end = before.trimEnd();
  // A blank line is a paragraph break, whatever precedes it.
  if (/\n\s*\n/u.test(before.slice(end.length))) return false;
  const next = after.trimStart();
  if (next === '') return false;
  for (const abbreviation of abbreviations) {
    if (end.endsWith(abbreviation)) {
      const boundary = end[end.length - abbreviation.length - 1];
      if (boundary === undefined || /[\s(\["'«„]/u.test(boundary)) return true;
    }
  }
  // An initial: one letter and a dot after a blank, an opening mark or another initial (J. R. R., U.S.).
  if (/(?:^|[\s(\["'«„.])\p{L}\.$/u.test(end)) return true;
  // A decimal split across a line or by the rules: "3." then "5".
  if (/\p{Nd}[.,]$/u.test(end) && /^\p{Nd}/u.test(next)) return true;
  if (ordinalDotLanguages.has(iso3) && /(?:^|\s)\p{Nd}{1,2}\.$/u.test(end) && /^\p{L}/u.test(next)) return true;
  return false;
}

function splitThaiSections(sentence: Sentence): Sentence[] {
  if (!thaiSectionEnd.test(sentence.text)) return [sentence];
  const out: Sentence[] = [];
  let from = 0;
  for (let i = 0; i < sentence.text.length; i++) {
    if (thaiSectionEnd.test(sentence.text[i])) {
      out.push({ text: sentence.text.slice(from, i + 1), offset: sentence.offset + from });
      from = i + 1;
    }
  }
  if (from < sentence.text.length) out.push({ text: sentence.text.slice(from), offset: sentence.offset + from });
  return out;
}

/**
 * Cuts a sentence into pieces of at most `maxLength` code units: after the last clause mark in the
 * second half of the window, else at the last blank, else at the last grapheme boundary (text
 * without spaces or marks, like a long run of Chinese or a URL).
 */
function capLength(sentence: Sentence, maxLength: number): Sentence[] {
  const out: Sentence[] = [];
  let rest = sentence;
  while (trim(rest) && rest.text.trim().length > maxLength) {
    const lead = rest.text.length - rest.text.trimStart().length;
    const window = rest.text.slice(0, lead + maxLength);
    const cut = cutPoint(window, lead + Math.floor(maxLength / 2)) ?? cutPoint(window, lead + 1, true) ?? graphemeCut(window);
    out.push({ text: rest.text.slice(0, cut), offset: rest.offset });
    rest = { text: rest.text.slice(cut), offset: rest.offset + cut };
  }
  out.push(rest);
  return out;
}

/** The position just after the last clause mark (or, with `blanks`, the last blank) at or after `from`. */
function cutPoint(window: string, from: number, blanks = false): number | null {
  for (let i = window.length - 1; i >= from; i--) {
    const ch = window[i];
    if (blanks ? /\s/u.test(ch) : clauseBoundary.test(ch)) return i + 1;
  }
  return null;
}

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function graphemeCut(window: string): number {
  const graphemes = Array.from(graphemeSegmenter.segment(window));
  const last = graphemes[graphemes.length - 1];
  // Cut before the last grapheme, so a cluster that might go on past the window stays whole;
  // a window of one grapheme (a pathological combining run) is taken whole.
  return graphemes.length > 1 ? last.index : window.length;
}

function trim(sentence: Sentence): Sentence | null {
  const start = sentence.text.length - sentence.text.trimStart().length;
  const text = sentence.text.trim();
  // Punctuation-only pieces are kept: whether a piece is worth speaking is `hasSpeakableContent`'s call.
  return text === '' ? null : { text, offset: sentence.offset + start };
}

import { ipaToEspeak } from './ipa-to-espeak.js';

/**
 * A word to be said as an IPA string travels through the pipeline inside the text itself, between
 * two private-use characters: `\uE000təˈmɑːtoʊ\uE001`. Normalization, sentence splitting and the
 * engines' word timings treat it as one word (IPA symbols are letters), so it keeps its place; each
 * engine turns it into its phoneme input at the last moment (eSpeak's `[[…]]`). The IPA inside was
 * checked (ipa-to-espeak.ts) and holds no punctuation; private-use characters in a request's own
 * text are blanked before marks are added, so no request can forge one.
 */
export const phonemeOpen = '\uE000';
export const phonemeClose = '\uE001';

const privateUse = /[\uE000\uE001]/gu;
const marked = /\uE000([^\uE000\uE001]*)\uE001/gu;
/** Syllable breaks and brackets would look like sentence ends or punctuation to the text stages. */
const notCarried = /[./[\]]/gu;

/** `ipa` wrapped to travel in a text. */
export function markPhonemes(ipa: string): string {
  return `${phonemeOpen}${ipa.normalize('NFC').replace(notCarried, '').replace(/\s+/gu, ' ').trim()}${phonemeClose}`;
}

/** A request's own text with the two mark characters blanked (same length, so offsets hold). */
export function withoutPhonemeMarks(text: string): string {
  return text.replace(privateUse, ' ');
}

export function hasPhonemeMarks(text: string): boolean {
  return text.includes(phonemeOpen);
}

/** The text cut into plain stretches and marked IPA, with their offsets in `text`. */
export function phonemePieces(text: string): ({ kind: 'text'; text: string; from: number; to: number } | { kind: 'ipa'; ipa: string; from: number; to: number })[] {
  const out: ReturnType<typeof phonemePieces> = [];
  let at = 0;
  for (const match of text.matchAll(marked)) {
    if (match.index > at) out.push({ kind: 'text', text: text.slice(at, match.index), from: at, to: match.index });
    out.push({ kind: 'ipa', ipa: match[1]!, from: match.index, to: match.index + match[0].length });
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at), from: at, to: text.length });
  return out;
}

const bracketsAsParentheses = (piece: string) => piece.replaceAll('[', '(').replaceAll(']', ')');

/**
 * The text as eSpeak reads it with phoneme input on: each marked IPA as `[[mnemonics]]` (with a
 * space either side, so it stays a word of its own), the rest through `plain` (escaping; by
 * default a request's own `[[` is read as parentheses, as the eSpeak engine reads it, never as
 * phoneme input).
 * A mark whose IPA no longer converts is left out rather than read letter by letter.
 */
export function espeakPhonemeInput(text: string, language: string, plain: (piece: string) => string = bracketsAsParentheses): string {
  return phonemePieces(text)
    .map((piece) => (piece.kind === 'text' ? plain(piece.text) : espeakWord(piece.ipa, language)))
    .join('');
}

/** One marked IPA as eSpeak's phoneme input, or '' when it does not convert. */
export function espeakWord(ipa: string, language: string): string {
  try {
    return ` [[${ipaToEspeak(ipa, language)}]] `;
  } catch {
    return ' ';
  }
}

/**
 * A text as spoken (normalized) and its words with the mark characters taken out, so that what
 * an answer shows as spoken (ElevenLabs' normalized alignment, v1 timings) reads `təˈmɑːtoʊ`, not
 * two private-use characters around it. Word offsets and lengths move with the text.
 */
export function unmarkedSpoken<W extends { offset: number; length: number; text: string }>(text: string, words: readonly W[]): { text: string; words: W[] } {
  if (!hasPhonemeMarks(text)) return { text, words: [...words] };
  // removedBefore[i]: mark characters in text[0, i).
  const removedBefore = new Int32Array(text.length + 1);
  for (let i = 0; i < text.length; i++) removedBefore[i + 1] = removedBefore[i]! + (text[i] === phonemeOpen || text[i] === phonemeClose ? 1 : 0);
  const at = (position: number) => position - removedBefore[Math.max(0, Math.min(text.length, position))]!;
  const plain = text.replace(privateUse, '');
  return {
    text: plain,
    words: words.map((w) => {
      const offset = at(w.offset);
      const end = at(w.offset + w.length);
      return { ...w, offset, length: end - offset, text: plain.slice(offset, end) };
    }),
  };
}

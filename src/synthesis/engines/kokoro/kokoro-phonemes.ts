import type { KokoroRules } from './kokoro-languages.js';
import { kokoroMaxTokens } from './kokoro-vocab.js';

/**
 * Text → Kokoro tokens, the way Kokoro's own pipeline turns espeak output into its symbols:
 *
 * 1. Punctuation is kept as written (phonemizer's `preserve_punctuation`): the text is cut at runs
 *    of `; : , . ! ? ¡ ¿ — … " « » “ ” ( ) { } [ ]` (with their spaces), eSpeak NG phonemizes the
 *    pieces between them (IPA, with stress; language-switch flags dropped), and the marks go back
 *    verbatim (`«` `»` become `“` `”`, as misaki does).
 * 2. Each multi-letter eSpeak phoneme is tied (`oʊ` → `o^ʊ`) exactly where eSpeak's tie mode would
 *    put U+0361: before every non-initial letter of the phoneme's name that is not a modifier or
 *    diacritic (U+02B0–U+036F).
 * 3. misaki's replacements for that language turn tied pairs into Kokoro's own letters
 *    (`e^ɪ` → A, `a^ɪ` → I, `o^ʊ` → O, `a^ʊ` → W, `ɔ^ɪ` → Y, `d^ʒ` → ʤ, `t^ʃ` → ʧ, …) and, for
 *    English, map espeak's symbols onto the lexicon's (ɚ → əɹ, ɾ → T, ʔ → t, no ː in American, …).
 * 4. Each code point is a token; one the vocab lacks is skipped (and counted). A model call is one
 *    sentence (cut after `.` `!` `?` `…`), at most 510 tokens, sent as `0 tokens… 0`.
 */

export type ClausePhonemizer = (text: string) => string[];

const markRun = /(?:\s*[;:,.!?¡¿—…"«»“”(){}[\]]+\s*)+/gu;
const sentenceEnd = /[.!?…]/u;

/** eSpeak's phoneme names get a tie before a non-initial letter that is not a modifier or diacritic. */
function tiePhoneme(phoneme: string): string {
  let out = '';
  let count = 0;
  for (const ch of phoneme) {
    const cp = ch.codePointAt(0)!;
    const modifier = cp >= 0x2b0 && cp <= 0x36f;
    // Stress marks lead the name in eSpeak's output; they are not part of it.
    if (count === 0 && (ch === 'ˈ' || ch === 'ˌ')) {
      out += ch;
      continue;
    }
    if (count > 0 && !modifier && /\p{Alphabetic}/u.test(ch)) out += '^';
    out += ch;
    count++;
  }
  return out;
}

/** One eSpeak clause as the runtime gives it (`h_ə_l_ˈoʊ w_ˈɜː_l_d`) → tied IPA (`həlˈo^ʊ wˈɜːld`). */
export function tiedIpa(clause: string): string {
  return clause
    .replace(/\([a-z]{2,3}(?:-[a-z0-9]+)*\)/gi, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.split('_').map(tiePhoneme).join(''))
    .join(' ');
}

/** misaki's EspeakFallback table for English, longest first (Python's stable sort by length). */
const englishE2M: readonly [string, string][] = [
  ['ʔˌn\u0329', 'ʔn'],
  ['ʔn\u0329', 'ʔn'],
  ['a^ɪ', 'I'],
  ['a^ʊ', 'W'],
  ['d^ʒ', 'ʤ'],
  ['e^ɪ', 'A'],
  ['t^ʃ', 'ʧ'],
  ['ɔ^ɪ', 'Y'],
  ['ə^l', 'ᵊl'],
  ['ʲo', 'jo'],
  ['ʲə', 'jə'],
  ['e', 'A'],
  ['ʲ', ''],
  ['ɚ', 'əɹ'],
  ['r', 'ɹ'],
  ['x', 'k'],
  ['ç', 'k'],
  ['ɐ', 'ə'],
  ['ɬ', 'l'],
  ['\u0303', ''],
];

/** misaki's EspeakG2P table for the other languages, in its (sorted) order. */
const espeakE2M: readonly [string, string][] = [
  ['a^ɪ', 'I'],
  ['a^ʊ', 'W'],
  ['d^z', 'ʣ'],
  ['d^ʒ', 'ʤ'],
  ['e^ɪ', 'A'],
  ['o^ʊ', 'O'],
  ['s^s', 'S'],
  ['t^s', 'ʦ'],
  ['t^ʃ', 'ʧ'],
  ['ɔ^ɪ', 'Y'],
  ['ə^ʊ', 'Q'],
];

/** Tied IPA → Kokoro's symbols, by misaki's rules for the language. */
export function kokoroSymbols(tied: string, rules: KokoroRules): string {
  let ps = tied;
  if (rules === 'espeak') {
    for (const [from, to] of espeakE2M) ps = ps.replaceAll(from, to);
    return ps.replaceAll('^', '').replaceAll('-', '');
  }
  for (const [from, to] of englishE2M) ps = ps.replaceAll(from, to);
  ps = ps.replace(/(\S)\u0329/gu, 'ᵊ$1').replaceAll('\u0329', '');
  if (rules === 'british') {
    ps = ps.replaceAll('e^ə', 'ɛː').replaceAll('iə', 'ɪə').replaceAll('ə^ʊ', 'Q');
  } else {
    ps = ps.replaceAll('o^ʊ', 'O').replaceAll('ɜːɹ', 'ɜɹ').replaceAll('ɜː', 'ɜɹ').replaceAll('ɪə', 'iə').replaceAll('ː', '');
  }
  // eSpeak before 1.52 wrote o for ɔ; Kokoro v1.0's English has a flap T and no glottal stop.
  ps = ps.replaceAll('o', 'ɔ').replaceAll('ɾ', 'T').replaceAll('ʔ', 't');
  return ps.replaceAll('^', '');
}

/** The phoneme string of a text: pieces phonemized and converted, punctuation kept as written. */
export function kokoroPhonemeString(text: string, phonemize: ClausePhonemizer, rules: KokoroRules): string {
  let out = '';
  let at = 0;
  const piece = (part: string) => {
    if (part.trim().length === 0) return;
    const ipa = phonemize(part).map(tiedIpa).filter(Boolean).join(' ');
    out += kokoroSymbols(ipa, rules);
  };
  for (const match of text.matchAll(markRun)) {
    piece(text.slice(at, match.index));
    out += match[0].replace(/\s+/g, ' ').replaceAll('«', '“').replaceAll('»', '”');
    at = match.index + match[0].length;
  }
  piece(text.slice(at));
  return out.trim();
}

/** One model call: the tokens (without the two pads), and for each the phoneme word it belongs to, or -1. */
export interface KokoroChunk {
  phonemes: string;
  tokens: number[];
  wordOfToken: number[];
  wordCount: number;
}

export interface KokoroTokens {
  chunks: KokoroChunk[];
  /** Symbols the vocab lacks, and how often each was skipped. */
  missing: Map<string, number>;
}

const punctuation = /[;:,.!?¡¿—…"«»“”(){}[\]]/u;

/**
 * The phoneme string → tokens, cut into model calls: after a sentence's end mark, or at the last
 * space before 510 tokens when a sentence is longer. Words are the runs between spaces and marks.
 */
export function kokoroTokens(phonemes: string, vocab: Readonly<Record<string, number>>, maxTokens = kokoroMaxTokens): KokoroTokens {
  const missing = new Map<string, number>();
  const chunks: KokoroChunk[] = [];
  let current: KokoroChunk = { phonemes: '', tokens: [], wordOfToken: [], wordCount: 0 };
  let lastSpace = -1;
  let inWord = false;
  let word = -1;
  const flush = () => {
    if (current.tokens.length > 0) chunks.push(current);
    current = { phonemes: '', tokens: [], wordOfToken: [], wordCount: 0 };
    lastSpace = -1;
    inWord = false;
  };
  const symbols = [...phonemes];
  for (let i = 0; i < symbols.length; i++) {
    const symbol = symbols[i];
    const id = Object.hasOwn(vocab, symbol) ? vocab[symbol] : undefined;
    const sent = id !== undefined && !(symbol === ' ' && current.tokens.length === 0);
    if (sent && current.tokens.length === maxTokens) {
      // Too long a sentence: cut at its last space, carrying the words after it into the next call.
      const cut = lastSpace > 0 ? lastSpace : current.tokens.length;
      const symbolsNow = [...current.phonemes];
      const carried = { tokens: current.tokens.slice(cut + 1), words: current.wordOfToken.slice(cut + 1), phonemes: symbolsNow.slice(cut + 1).join('') };
      const kept = current.wordCount;
      const firstCarried = carried.words.find((w) => w >= 0) ?? kept;
      current.tokens.length = cut;
      current.wordOfToken.length = cut;
      current.phonemes = symbolsNow.slice(0, cut).join('');
      current.wordCount = firstCarried;
      chunks.push(current);
      current = { phonemes: carried.phonemes, tokens: carried.tokens, wordOfToken: carried.words.map((w) => (w >= 0 ? w - firstCarried : -1)), wordCount: kept - firstCarried };
      word -= firstCarried;
      // A word cut in the middle (no space to cut at) goes on as the new call's next word.
      if (inWord && carried.tokens.length === 0) word = current.wordCount++;
      lastSpace = -1;
    }
    if (symbol === ' ' || punctuation.test(symbol)) inWord = false;
    else if (!inWord) {
      inWord = true;
      word = current.wordCount++;
    }
    if (id === undefined) {
      missing.set(symbol, (missing.get(symbol) ?? 0) + 1);
      continue;
    }
    if (!sent) continue;
    if (symbol === ' ') lastSpace = current.tokens.length;
    current.phonemes += symbol;
    current.tokens.push(id);
    current.wordOfToken.push(inWord ? word : -1);
    if (sentenceEnd.test(symbol) && (symbols[i + 1] === undefined || symbols[i + 1] === ' ')) {
      flush();
      word = -1;
    }
  }
  if (current.tokens.length > 0) flush();
  // Trailing spaces are not sent.
  for (const chunk of chunks) {
    while (chunk.tokens.length > 0 && chunk.phonemes.endsWith(' ')) {
      chunk.tokens.pop();
      chunk.wordOfToken.pop();
      chunk.phonemes = chunk.phonemes.slice(0, -1);
    }
  }
  return { chunks: chunks.filter((c) => c.tokens.length > 0), missing };
}

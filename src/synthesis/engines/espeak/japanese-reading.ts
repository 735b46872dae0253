import { createRequire } from 'node:module';
import path from 'node:path';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { phonemePieces } from '../../phonemes/phoneme-marks.js';
import { SpokenText, verbatimSpokenText } from './spoken-text.js';

const kanji = /[\p{Script=Han}々〆ヶ]/u;

/** eSpeak's `ja` voice reads kana but spells kanji out one by one as Chinese; they need readings. */
export function hasKanji(text: string): boolean {
  return kanji.test(text);
}

let tokenizer: Promise<Tokenizer<IpadicFeatures>> | undefined;

/**
 * The IPADIC dictionary (18 MB gzipped, about 280 MB of heap and buffers once built) is read once
 * per thread, and only when kanji turn up.
 */
function loadTokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  tokenizer ??= import('kuromoji').then(
    ({ default: kuromoji }) =>
      new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) => {
        const packageJson = createRequire(import.meta.url).resolve('kuromoji/package.json');
        const dicPath = path.join(path.dirname(packageJson), 'dict');
        kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built)));
      }),
  );
  tokenizer.catch(() => {
    tokenizer = undefined;
  });
  return tokenizer;
}

/**
 * The Japanese text eSpeak should read: words with kanji replaced by their katakana pronunciation
 * (kuromoji/IPADIC, which also gives the particles は and へ as ワ and エ), each standing for its
 * original characters, so that word offsets land on the kanji the caller wrote.
 *
 * eSpeak reports one word per clause for unspaced kana; a space between phrases (a content word
 * with the particles, auxiliaries and suffixes that follow it, roughly a bunsetsu) gives one word
 * per phrase while keeping the phrase's own rhythm.
 */
export async function japaneseSpokenText(text: string): Promise<SpokenText> {
  if (!hasKanji(text)) return verbatimSpokenText(text, 'ja');
  const tokenizer = await loadTokenizer();
  const spoken = new SpokenText(text, 'ja');
  // A word said as IPA (phoneme-marks.ts) is not for kuromoji, which would cut it apart.
  for (const piece of phonemePieces(text)) {
    if (piece.kind === 'ipa') spoken.appendVerbatim(piece.from, piece.to);
    else appendReadings(spoken, text, piece.from, piece.to, tokenizer.tokenize(piece.text));
  }
  return spoken;
}

/** text[from, to) read through its tokens: kanji by their readings, phrases apart. */
function appendReadings(spoken: SpokenText, text: string, from: number, to: number, tokens: IpadicFeatures[]): void {
  let at = from;
  let previous: IpadicFeatures | undefined;
  for (const token of tokens) {
    const start = text.indexOf(token.surface_form, at);
    if (start < 0 || start >= to) break; // kuromoji lost track of the text; the rest is read as written below
    if (start > at) spoken.appendVerbatim(at, start);
    const end = start + token.surface_form.length;

    if (previous && startsPhrase(token, previous)) spoken.appendBreak(start);
    const reading = readingOf(token);
    if (reading) spoken.appendReading(reading, start, end);
    else spoken.appendVerbatim(start, end);

    at = end;
    previous = token;
  }
  if (at < to) spoken.appendVerbatim(at, to);
}

/** Katakana to read instead of the surface, or undefined to read the surface as it is. */
function readingOf(token: IpadicFeatures): string | undefined {
  const pronunciation = token.pronunciation && token.pronunciation !== '*' ? token.pronunciation : undefined;
  const reading = token.reading && token.reading !== '*' ? token.reading : undefined;
  if (hasKanji(token.surface_form)) return pronunciation ?? reading;
  if (token.pos === '助詞' && (token.surface_form === 'は' || token.surface_form === 'へ')) return pronunciation;
  return undefined;
}

const contentWords = new Set(['名詞', '動詞', '形容詞', '副詞', '連体詞', '接続詞', '感動詞', '接頭詞']);

function startsPhrase(token: IpadicFeatures, previous: IpadicFeatures): boolean {
  if (!contentWords.has(token.pos)) return false;
  if (token.pos_detail_1 === '非自立' || token.pos_detail_1 === '接尾') return false;
  if (previous.pos === '接頭詞') return false;
  // Compound nouns (東京駅, 天気予報) are one phrase, and so is a verbal noun with its する (散歩します).
  if (token.pos === '名詞' && previous.pos === '名詞') return false;
  if (token.basic_form === 'する' && previous.pos_detail_1 === 'サ変接続') return false;
  return true;
}

import { cyrillicByLetters } from './cyrillic-language.js';
import { danishOrNorwegian } from './danish-or-norwegian.js';
import { iso3FromIso1, languages } from './languages.js';
import { malayOrIndonesian } from './malay-or-indonesian.js';
import { ngramScores } from './ngram-scores.js';
import { countScripts, type ScriptCensus, type ScriptName } from './script-census.js';

/**
 * How far the best Latin-script language must lead the runner-up. In the test sentences the
 * closest pairs (Czech/Slovak, Croatian/Slovene) lead by 0.05 or more; one or two loan words
 * ("hotel restaurant", "Hello world") lead by less than 0.005. Norwegian over Danish can lead by
 * less than 0.02 on a whole sentence, so their marker words decide between them first.
 */
const latinMargin = 0.01;

// Words that only Cantonese writes; one is enough to tell it from Mandarin.
const cantoneseCharacters = /[嘅咗喺冇哋嘢啲佢唔睇嚟乜咁噉啱嗰畀諗搵攞咩嘞囉冧攰]/u;

// Letters of Persian, Urdu and their neighbours, absent from Arabic.
const nonArabicLetters = /[پچژگکیےٹڈڑں]/gu;
// Assamese letters, absent from Bengali.
const assameseLetters = /[ৰৱ]/u;

/**
 * The language of a text, as one of our ISO 639-3 codes, or null when it cannot be told reliably
 * (too short, a language we do not speak, or not among `candidates`).
 *
 * The script decides first, since most scripts belong to one of our languages. Latin and Cyrillic
 * text goes to the n-gram detector (eld), helped by letters that only one language uses.
 *
 * @param candidates ISO 639-3 codes the answer must be one of (e.g. the languages a legacy mode
 *   accepts). Omitted: any language we speak.
 */
export function detectLanguage(text: string, candidates?: readonly string[]): string | null {
  if (typeof text !== 'string' || text.length === 0) return null;
  const allowed = new Set((candidates ?? [...languages.keys()]).filter((c) => languages.has(c)));
  if (allowed.size === 0) return null;
  const census = countScripts(text);
  const script = dominantScript(census);
  const choose = (...options: string[]): string | null => options.find((o) => allowed.has(o)) ?? null;
  switch (script) {
    case null:
    case 'other':
      return null;
    case 'hangul':
      return choose('kor');
    case 'kana':
      return choose('jpn');
    case 'han':
      // All-Han text is Chinese unless Cantonese words show; Japanese can be written without kana
      // ("東京大学"), so it is the last resort when Chinese is not allowed.
      return cantoneseCharacters.test(text) ? choose('yue', 'zho', 'jpn') : choose('zho', 'yue', 'jpn');
    case 'thai':
      return choose('tha');
    case 'tamil':
      return choose('tam');
    case 'gurmukhi':
      return choose('pan');
    case 'devanagari':
      return choose('hin');
    case 'greek':
      return choose('ell');
    case 'bengali':
      return assameseLetters.test(text) ? null : choose('ben');
    case 'arabic': {
      const foreign = text.match(nonArabicLetters)?.length ?? 0;
      return foreign * 50 >= census.arabic && foreign > 0 ? null : choose('ara');
    }
    case 'cyrillic':
      return detectCyrillic(lettersOf(text, /\p{Script=Cyrillic}/u), allowed);
    case 'latin':
      return detectLatin(lettersOf(text, /\p{Script=Latin}/u), allowed);
  }
}

/**
 * The script with the most letters. Han, kana and Hangul characters each stand for a syllable or
 * a word, so they weigh two letters: "나는 iPhone을 샀다" is Korean. Kana and Hangul win over Han
 * inside the CJK block: Japanese mixes kanji and kana, Korean occasionally hanja.
 */
function dominantScript(census: ScriptCensus): ScriptName | null {
  const cjk = 2 * (census.hangul + census.kana + census.han);
  let best: ScriptName | null = null;
  let bestWeight = 0;
  for (const [name, count] of Object.entries(census) as [ScriptName, number][]) {
    if (name === 'hangul' || name === 'kana' || name === 'han') continue;
    if (count > bestWeight) [best, bestWeight] = [name, count];
  }
  if (cjk > 0 && cjk >= bestWeight) {
    if (census.hangul > 0 && census.hangul >= census.kana) return 'hangul';
    if (census.kana > 0) return 'kana';
    return 'han';
  }
  return best;
}

function detectCyrillic(text: string, allowed: ReadonlySet<string>): string | null {
  const byLetters = cyrillicByLetters(text);
  if (byLetters === 'foreign') return null;
  if (byLetters !== 'unknown') return allowed.has(byLetters) ? byLetters : null;
  const verdict = ngramScores(text);
  if (!verdict.reliable) return null;
  // Without its own letters, Serbian or Belarusian can still lead the n-grams: then it is not ours.
  const best = iso3FromIso1(verdict.ranked[0][0]);
  return best && allowed.has(best) && (best === 'rus' || best === 'ukr' || best === 'bul') ? best : null;
}

function detectLatin(text: string, allowed: ReadonlySet<string>): string | null {
  const verdict = ngramScores(text);
  if (!verdict.reliable || verdict.ranked.length === 0) return null;
  const [[topIso1, topScore], second] = verdict.ranked;
  if (second && isDanishNorwegian(topIso1, second[0])) {
    const byWords = danishOrNorwegian(text);
    if (byWords) return allowed.has(byWords) ? byWords : null;
  }
  if (second && topScore - second[1] < latinMargin) return null;
  let code = iso3FromIso1(topIso1);
  if (code === 'msa') code = allowed.has('msa') && allowed.has('ind') ? malayOrIndonesian(text) : allowed.has('msa') ? 'msa' : 'ind';
  return code && allowed.has(code) ? code : null;
}

function isDanishNorwegian(a: string, b: string): boolean {
  return (a === 'da' && b === 'no') || (a === 'no' && b === 'da');
}

/** The letters of one script with single spaces between words, so other scripts and digits do not sway the n-grams. */
function lettersOf(text: string, script: RegExp): string {
  let out = '';
  let gap = false;
  for (const ch of text.slice(0, 2000)) {
    if (script.test(ch) || (out !== '' && !gap && /[\p{M}'’-]/u.test(ch))) {
      if (gap && out !== '') out += ' ';
      out += ch;
      gap = false;
    } else {
      gap = true;
    }
  }
  return out;
}

import type { Gender, NumberSpeller } from './number-speller.js';

/**
 * A number as it is said in front of a noun ("un dólar", "ein Euro", "两美元"), which is not
 * always how it is said alone ("uno", "eins", "二").
 */
export function countWords(speller: NumberSpeller, digits: string, gender: Gender = 'masculine'): string | null {
  const words = speller.integer(digits, { gender });
  if (words === null) return null;
  switch (speller.iso3) {
    case 'spa':
      return gender === 'masculine' ? words.replace(/veintiuno$/u, 'veintiún').replace(/(^|\s)uno$/u, '$1un') : words;
    case 'ita':
      return words === 'uno' ? (gender === 'feminine' ? 'una' : 'un') : words;
    case 'fra':
      return gender === 'feminine' ? words.replace(/(^|\s)un$/u, '$1une') : words;
    case 'deu':
      return words.replace(/eins$/u, 'ein');
    case 'por':
      return gender === 'feminine'
        ? words.replace(/(^|\s)um(?=\s|$)/gu, '$1uma').replace(/(^|\s)dois(?=\s|$)/gu, '$1duas').replace(/entos(?=\s|$)/gu, 'entas')
        : words;
    case 'zho':
      return words === '二' ? '两' : words;
    case 'yue':
      return words === '二' ? '兩' : words;
    default:
      return words;
  }
}

/** An ordinal in its feminine form, for the languages whose n2words has no gender option for it. */
export function feminineOrdinal(iso3: string, words: string): string {
  switch (iso3) {
    case 'ita':
    case 'por':
      return words.replace(/o(?=\s|$)/gu, 'a');
    case 'fra':
      return words.replace(/^premier$/u, 'première');
    default:
      return words;
  }
}

import * as arSA from 'n2words/ar-SA';
import * as bnBD from 'n2words/bn-BD';
import * as csCZ from 'n2words/cs-CZ';
import * as daDK from 'n2words/da-DK';
import * as deDE from 'n2words/de-DE';
import * as elGR from 'n2words/el-GR';
import * as enUS from 'n2words/en-US';
import * as esES from 'n2words/es-ES';
import * as filPH from 'n2words/fil-PH';
import * as fiFI from 'n2words/fi-FI';
import * as frFR from 'n2words/fr-FR';
import * as hiIN from 'n2words/hi-IN';
import * as hrHR from 'n2words/hr-HR';
import * as huHU from 'n2words/hu-HU';
import * as idID from 'n2words/id-ID';
import * as itIT from 'n2words/it-IT';
import * as jaJP from 'n2words/ja-JP';
import * as koKR from 'n2words/ko-KR';
import * as msMY from 'n2words/ms-MY';
import * as nbNO from 'n2words/nb-NO';
import * as nlNL from 'n2words/nl-NL';
import * as paIN from 'n2words/pa-IN';
import * as plPL from 'n2words/pl-PL';
import * as ptPT from 'n2words/pt-PT';
import * as roRO from 'n2words/ro-RO';
import * as ruRU from 'n2words/ru-RU';
import * as svSE from 'n2words/sv-SE';
import * as taIN from 'n2words/ta-IN';
import * as thTH from 'n2words/th-TH';
import * as trTR from 'n2words/tr-TR';
import * as ukUA from 'n2words/uk-UA';
import * as viVN from 'n2words/vi-VN';
import * as zhHansCN from 'n2words/zh-Hans-CN';
import * as zhHantTW from 'n2words/zh-Hant-TW';

/*
 * How each language gets its numbers read.
 *
 * | ours | n2words      | notes                                                              |
 * |------|--------------|--------------------------------------------------------------------|
 * | eng  | en-US        |                                                                    |
 * | kor  | ko-KR        | Sino-Korean reading (이천이십사); native counting is not attempted |
 * | jpn  | ja-JP        | kanji numerals (千二百三十四); the engine's reading pass voices them |
 * | spa  | es-ES        | gender option; `uno` → `un` before a noun is done by callers       |
 * | zho  | zh-Hans-CN   | everyday numerals (formal: false); leading 一十 → 十               |
 * | yue  | zh-Hant-TW   | traditional everyday numerals, same readings in Cantonese          |
 * | fra, deu, por, ita, nld, dan, swe, fin, ron, ell, hun, tur, pol, ces, hrv | their own |   |
 * | rus  | ru-RU        | gender option                                                      |
 * | ukr  | uk-UA        | n2words writes Latin `i` in Ukrainian words: fixed to Cyrillic `і` |
 * | nor  | nb-NO        | Bokmål; hyphens (tjue-en) joined as written (tjueen)              |
 * | swe  | sv-SE        | hyphens joined as written (trettiofyra)                            |
 * | ind, msa, tgl(fil-PH), vie, tha, hin, ben(bn-BD), pan, tam, ara | their own |               |
 * | bul  | —            | not in n2words: digits are left to the engine (eSpeak reads them)  |
 * | slk  | —            | not in n2words: digits are left to the engine                      |
 *
 * n2words is trusted only up to 12 integer digits: beyond, several languages print `undefined`
 * for the scale word, and such long digit strings are codes or phone numbers anyway, so they are
 * read digit by digit. Every answer is checked (non-empty, no digits, no `undefined`) and a
 * failure means "leave the digits as they are", never an exception.
 */

export type Gender = 'masculine' | 'feminine';

interface N2words {
  toCardinal(value: string, options?: object): string;
  toOrdinal(value: string, options?: object): string;
}

interface LanguageNumbers {
  module: N2words;
  options?: object;
  /** The module takes `{gender}`. */
  gendered?: boolean;
  /** Fixes applied to every answer of the module. */
  polish?: (words: string) => string;
}

const joinHyphens = (words: string): string => words.replace(/(\p{L})-(\p{L})/gu, '$1$2');
const leadingYiShi = (minus: string) => (words: string): string =>
  words.replace(new RegExp(`^(${minus})?一十`, 'u'), '$1十');

const languageNumbers: Readonly<Record<string, LanguageNumbers>> = {
  eng: { module: enUS },
  kor: { module: koKR },
  jpn: { module: jaJP },
  spa: { module: esES, gendered: true },
  zho: { module: zhHansCN, options: { formal: false }, polish: leadingYiShi('负') },
  yue: { module: zhHantTW, options: { formal: false }, polish: leadingYiShi('負') },
  fra: { module: frFR },
  deu: { module: deDE },
  por: { module: ptPT },
  ita: { module: itIT },
  rus: { module: ruRU, gendered: true },
  tam: { module: taIN },
  ara: { module: arSA, gendered: true },
  ukr: { module: ukUA, gendered: true, polish: (w) => w.replace(/i/g, 'і').replace(/I/g, 'І') },
  hrv: { module: hrHR, gendered: true },
  ces: { module: csCZ },
  pol: { module: plPL, gendered: true },
  fin: { module: fiFI },
  ron: { module: roRO, gendered: true },
  ell: { module: elGR },
  nld: { module: nlNL },
  swe: { module: svSE, polish: joinHyphens },
  ind: { module: idID },
  tgl: { module: filPH },
  dan: { module: daDK },
  msa: { module: msMY },
  hin: { module: hiIN },
  hun: { module: huHU },
  nor: { module: nbNO, polish: joinHyphens },
  tur: { module: trTR },
  vie: { module: viVN },
  tha: { module: thTH },
  ben: { module: bnBD },
  pan: { module: paIN },
};

/** Languages whose script has no spaces between words: digits read one by one are run together. */
const unspaced = new Set(['zho', 'yue', 'jpn', 'tha']);

const maxCardinalDigits = 12;
const maxOrdinalDigits = 6;

export interface NumberSpeller {
  readonly iso3: string;
  /** What separates words in this language: '' for Chinese, Japanese and Thai, else a space. */
  readonly space: string;
  /**
   * An integer as the language reads it. ASCII digits, no sign. Leading zeros ("007") and
   * very long digit strings are read digit by digit. Null when it cannot be spelled.
   */
  integer(digits: string, options?: { negative?: boolean; gender?: Gender }): string | null;
  /** A decimal number: the integer part, the language's decimal word, then each fraction digit. */
  decimal(intDigits: string, fracDigits: string, negative?: boolean): string | null;
  ordinal(digits: string, gender?: Gender): string | null;
  digitByDigit(digits: string): string | null;
  /** The word said before a negative number ("minus"). */
  readonly minusWord: string | null;
}

const spellers = new Map<string, NumberSpeller | null>();

/** The number speller of a language, or null when numbers in it are left to the engine. */
export function numberSpellerFor(iso3: string): NumberSpeller | null {
  if (!spellers.has(iso3)) {
    const numbers = languageNumbers[iso3];
    spellers.set(iso3, numbers ? makeSpeller(iso3, numbers) : null);
  }
  return spellers.get(iso3) ?? null;
}

function makeSpeller(iso3: string, numbers: LanguageNumbers): NumberSpeller {
  const space = unspaced.has(iso3) ? '' : ' ';
  const call = (form: 'toCardinal' | 'toOrdinal', value: string, extra?: object): string | null => {
    try {
      const raw = numbers.module[form](value, { ...numbers.options, ...extra });
      const words = tidy(numbers.polish ? numbers.polish(raw) : raw);
      return isSpelled(words) ? words : null;
    } catch {
      return null;
    }
  };
  const cardinal = (value: string, gender?: Gender): string | null =>
    call('toCardinal', value, gender && numbers.gendered ? { gender } : undefined);

  const digitWords = [...'0123456789'].map((d) => cardinal(d));
  const minusWord = affixOf(cardinal('-1'), cardinal('1'), 'prefix');
  const decimalWord = infixOf(cardinal('0.5'), digitWords[0], digitWords[5]);

  const digitByDigit = (digits: string): string | null => {
    const words = [...digits].map((d) => digitWords[d.charCodeAt(0) - 48] ?? null);
    return words.every((w) => w !== null) && words.length > 0 ? words.join(space) : null;
  };
  const withMinus = (words: string | null, negative?: boolean): string | null => {
    if (words === null || !negative) return words;
    return minusWord === null ? null : `${minusWord}${words}`;
  };

  return {
    iso3,
    space,
    minusWord,
    digitByDigit,
    integer(digits, options = {}) {
      if (!/^[0-9]+$/.test(digits)) return null;
      const plain = digits.length > maxCardinalDigits || (digits.length > 1 && digits[0] === '0');
      return withMinus(plain ? digitByDigit(digits) : cardinal(digits, options.gender), options.negative);
    },
    decimal(intDigits, fracDigits, negative) {
      if (!/^[0-9]+$/.test(intDigits) || !/^[0-9]+$/.test(fracDigits) || decimalWord === null) return null;
      const whole = intDigits.length > maxCardinalDigits ? digitByDigit(intDigits) : cardinal(intDigits.replace(/^0+(?=\d)/, ''));
      const fraction = digitByDigit(fracDigits);
      if (whole === null || fraction === null) return null;
      return withMinus(`${whole}${decimalWord}${fraction}`, negative);
    },
    ordinal(digits, gender) {
      if (!/^[0-9]+$/.test(digits) || digits.length > maxOrdinalDigits || /^0+$/.test(digits)) return null;
      return call('toOrdinal', digits.replace(/^0+/, ''), gender && numbers.gendered ? { gender } : undefined);
    },
  };
}

function tidy(words: string): string {
  return words.replace(/,/g, '').replace(/\s+/g, ' ').trim();
}

function isSpelled(words: string): boolean {
  return words.length > 0 && !/[0-9]/.test(words) && !words.includes('undefined');
}

/** What `whole` adds around `part`: "minus " from ("minus one", "one"). */
function affixOf(whole: string | null, part: string | null, side: 'prefix'): string | null {
  if (whole === null || part === null || side !== 'prefix' || !whole.endsWith(part)) return null;
  const affix = whole.slice(0, whole.length - part.length);
  return affix.trim() === '' ? null : affix;
}

/** The decimal word with its spacing: " point " from ("zero point five", "zero", "five"). */
function infixOf(whole: string | null, left: string | null, right: string | null): string | null {
  if (whole === null || left === null || right === null) return null;
  if (!whole.startsWith(left) || !whole.endsWith(right) || whole.length <= left.length + right.length) return null;
  const infix = whole.slice(left.length, whole.length - right.length);
  return infix.trim() === '' ? null : infix;
}

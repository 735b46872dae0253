import { languageOf } from '../languages.js';
import { abbreviationsOf, type Abbreviation } from './abbreviations.js';
import { currencyLanguageOf, type CurrencyLanguage } from './currency-words.js';
import { numberSpellerFor, type NumberSpeller } from './number-speller.js';
import { percentWordsOf, symbolWordsOf, type PercentWords, type SymbolWords } from './spoken-symbols.js';

/** Everything a rule needs to know about the language, gathered once per language. */
export interface RuleContext {
  iso3: string;
  /** '' for languages written without spaces (Chinese, Japanese, Thai), else ' '. */
  space: string;
  speller: NumberSpeller | null;
  symbols: SymbolWords;
  percent: PercentWords | null;
  currency: CurrencyLanguage | null;
  /** Longest first, so "Mmes" is tried before "Mme". */
  abbreviations: readonly Abbreviation[];
  plural: Intl.PluralRules;
  /** The same rules for numbers written with decimals, which most languages count differently. */
  pluralOfFraction: Intl.PluralRules;
}

/** What a rule read at a position: the source it consumed and what to say instead. */
export interface RuleMatch {
  end: number;
  spoken: string;
}

export type Rule = (text: string, start: number, context: RuleContext) => RuleMatch | null;

const contexts = new Map<string, RuleContext>();

export function ruleContextFor(iso3: string): RuleContext {
  let context = contexts.get(iso3);
  if (!context) {
    const speller = numberSpellerFor(iso3);
    const locale = languageOf(iso3)?.locale ?? 'en';
    context = {
      iso3,
      space: speller?.space ?? (['zho', 'yue', 'jpn', 'tha'].includes(iso3) ? '' : ' '),
      speller,
      symbols: symbolWordsOf(iso3),
      percent: percentWordsOf(iso3),
      currency: currencyLanguageOf(iso3),
      abbreviations: [...abbreviationsOf(iso3)].sort((x, y) => y.written.length - x.written.length),
      plural: new Intl.PluralRules(locale),
      pluralOfFraction: new Intl.PluralRules(locale, { minimumFractionDigits: 1 }),
    };
    contexts.set(iso3, context);
  }
  return context;
}

/** The plural category of a number given as digit strings; "1.00" counts as a fraction, not as one. */
export function pluralOf(context: RuleContext, intDigits: string, fracDigits: string | null): Intl.LDMLPluralRule {
  const value = Number(fracDigits ? `${intDigits}.${fracDigits}` : intDigits);
  if (!Number.isFinite(value)) return 'other';
  return (fracDigits ? context.pluralOfFraction : context.plural).select(value);
}

const wordChar = /[\p{L}\p{N}\p{M}]/u;

/** The code point before `index` is not part of a word (start of text, space, punctuation). */
export function atWordStart(text: string, index: number): boolean {
  if (index === 0) return true;
  const before = text.codePointAt(index - 1 >= 1 && isLowSurrogate(text.charCodeAt(index - 1)) ? index - 2 : index - 1);
  return before === undefined || !wordChar.test(String.fromCodePoint(before));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

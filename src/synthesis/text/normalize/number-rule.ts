import { feminineOrdinal } from './counting.js';
import { speakAmount } from './currency-rule.js';
import type { CurrencySymbol } from './currency-words.js';
import { languageNumberRule } from './language-number-rules.js';
import type { Gender } from './number-speller.js';
import { isDigit, parseNumberAt, parseSequenceAt, type ParsedNumber } from './number-syntax.js';
import { atWordStart, pluralOf, type Rule, type RuleContext } from './rule-context.js';

const percentSign = /[ \u00A0]?[%٪％﹪]/uy;
const currencyAfter = /[ \u00A0]?([$€£¥₩])/uy;

interface OrdinalSuffix {
  pattern: RegExp;
  /** Which written suffixes mark a feminine ordinal (1ª, 1re). */
  feminine?: RegExp;
}

const ordinalSuffixes: Readonly<Record<string, OrdinalSuffix>> = {
  eng: { pattern: /(?:st|nd|rd|th)(?![\p{L}\p{N}])/iuy },
  fra: { pattern: /(?:ère|ères|re|res|er|ers|ème|èmes|e|es)(?![\p{L}\p{N}])/uy, feminine: /^(?:ère|ères|re|res)$/u },
  spa: { pattern: /\.?[ºª](?![\p{L}\p{N}])/uy, feminine: /ª/u },
  ita: { pattern: /\.?[ºª](?![\p{L}\p{N}])/uy, feminine: /ª/u },
  por: { pattern: /\.?[ºª](?![\p{L}\p{N}])/uy, feminine: /ª/u },
};

/**
 * A number with what is written around it: a sign, a percent sign, a currency symbol after it,
 * an ordinal suffix; or a time, date or version ("10:30", "2024-01-15"), read part by part.
 */
export const numberRule: Rule = (text, start, context) => {
  if (!context.speller) return null;
  let at = start;
  let negative = false;
  if ((text[at] === '-' || text[at] === '\u2212') && isDigit(text[at + 1]) && atWordStart(text, at)) {
    negative = true;
    at++;
  }
  if (!isDigit(text[at]) || (at > 0 && isDigit(text[at - 1]))) return null;

  const number = parseNumberAt(text, at, context.iso3);
  const sequence = negative ? null : parseSequenceAt(text, at);
  const special = languageNumberRule(text, at, number, sequence, negative, context);
  if (special) return special;
  if (sequence && !(number?.grouped && number.end >= sequence.end)) {
    const parts = sequence.parts.map((part) => context.speller!.integer(part));
    if (parts.some((p) => p === null)) return null;
    return { end: sequence.end, spoken: parts.join(' ') };
  }
  if (!number) return null;
  return percent(text, number, negative, context)
    ?? moneyAfter(text, number, negative, context)
    ?? ordinal(text, number, negative, context)
    ?? plainNumber(number, negative, context);
};

function spellValue(number: ParsedNumber, negative: boolean, context: RuleContext): string | null {
  const speller = context.speller!;
  return number.fracDigits !== null
    ? speller.decimal(number.intDigits, number.fracDigits, negative)
    : speller.integer(number.intDigits, { negative });
}

function plainNumber(number: ParsedNumber, negative: boolean, context: RuleContext) {
  const spoken = spellValue(number, negative, context);
  return spoken === null ? null : { end: number.end, spoken };
}

function percent(text: string, number: ParsedNumber, negative: boolean, context: RuleContext) {
  percentSign.lastIndex = number.end;
  const sign = percentSign.exec(text);
  if (!sign || !context.percent) return null;
  const value = spellValue(number, negative, context);
  if (value === null) return null;
  const { position, forms } = context.percent;
  const word = forms[pluralOf(context, number.intDigits, number.fracDigits)] ?? forms.other;
  const spoken = position === 'before' ? `${word}${context.space}${value}` : `${value}${context.space}${word}`;
  return { end: number.end + sign[0].length, spoken };
}

function moneyAfter(text: string, number: ParsedNumber, negative: boolean, context: RuleContext) {
  currencyAfter.lastIndex = number.end;
  const symbol = currencyAfter.exec(text);
  if (!symbol) return null;
  const spoken = speakAmount(symbol[1] as CurrencySymbol, number.intDigits, number.fracDigits, negative, context);
  return spoken === null ? null : { end: number.end + symbol[0].length, spoken };
}

function ordinal(text: string, number: ParsedNumber, negative: boolean, context: RuleContext) {
  const suffix = ordinalSuffixes[context.iso3];
  if (!suffix || negative || number.fracDigits !== null || number.grouped) return null;
  suffix.pattern.lastIndex = number.end;
  const written = suffix.pattern.exec(text);
  if (!written) return null;
  const gender: Gender = suffix.feminine?.test(written[0]) ? 'feminine' : 'masculine';
  const words = context.speller!.ordinal(number.intDigits, gender);
  if (words === null) return null;
  const spoken = gender === 'feminine' ? feminineOrdinal(context.iso3, words) : words;
  return { end: number.end + written[0].length, spoken };
}


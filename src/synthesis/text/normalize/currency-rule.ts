import { countWords } from './counting.js';
import type { CurrencySymbol, Unit } from './currency-words.js';
import { isDigit, parseNumberAt } from './number-syntax.js';
import { pluralOf, type Rule, type RuleContext } from './rule-context.js';

export const currencySymbols = '$€£¥₩';

const symbolBefore = /([$€£¥₩])[ \u00A0]?/uy;

/** "$5", "€ 3,50", "₩5,000": a currency symbol written before its amount. */
export const currencyBeforeRule: Rule = (text, start, context) => {
  symbolBefore.lastIndex = start;
  const match = symbolBefore.exec(text);
  if (!match) return null;
  const numberStart = start + match[0].length;
  if (!isDigit(text[numberStart])) return null;
  const amount = parseNumberAt(text, numberStart, context.iso3);
  if (!amount) return null;
  const spoken = speakAmount(match[1] as CurrencySymbol, amount.intDigits, amount.fracDigits, false, context);
  return spoken === null ? null : { end: amount.end, spoken };
};

/**
 * An amount of money as said in the language: "five dollars and fifty cents", "cinco euros con
 * cincuenta céntimos", "오천 원". Without currency names for the language, the amount is spelled
 * and the symbol put after it, where the engine reads it in the right order.
 */
export function speakAmount(
  symbol: CurrencySymbol,
  intDigits: string,
  fracDigits: string | null,
  negative: boolean,
  context: RuleContext,
): string | null {
  const { speller, currency, space } = context;
  if (!speller) return null;
  const minus = negative ? speller.minusWord ?? null : '';
  if (minus === null) return null;
  const names = currency?.currencies[symbol];
  if (!currency || !names) {
    const amount = fracDigits ? speller.decimal(intDigits, fracDigits) : speller.integer(intDigits);
    return amount === null ? null : `${minus}${amount}${space}${symbol}`;
  }
  const counted = (digits: string, unit: Unit, fraction: string | null = null): string | null => {
    const words = fraction === null ? countWords(speller, digits, unit.gender) : speller.decimal(digits, fraction);
    if (words === null) return null;
    const name = unit.forms[pluralOf(context, digits, fraction)] ?? unit.forms.other;
    const of = currency.ofAfterMillions;
    if (of && fraction === null && of.pattern.test(words)) {
      return /^[aeiouéèêh]/iu.test(name) && of.word === 'de' ? `${words} d'${name}` : `${words} ${of.word} ${name}`;
    }
    return `${words}${space}${name}`;
  };
  let spoken: string | null;
  if (fracDigits !== null && fracDigits.length === 2 && names.minor) {
    const major = intDigits.replace(/^0+(?=\d)/u, '');
    const minor = fracDigits.replace(/^0(?=\d)/u, '');
    const parts = [
      major !== '0' || minor === '0' ? counted(major, names.major) : '',
      minor !== '0' ? counted(minor, names.minor) : '',
    ];
    spoken = parts.includes(null) ? null : parts.filter((p) => p !== '').join(currency.join);
  } else {
    // Without a hundredth unit the decimals are said as a number: "五点五美元", not "五点五零美元".
    const fraction = fracDigits?.replace(/0+$/u, '') || null;
    spoken = counted(intDigits.replace(/^0+(?=\d)/u, ''), names.major, fraction);
  }
  return spoken === null ? null : `${minus}${spoken}`;
}

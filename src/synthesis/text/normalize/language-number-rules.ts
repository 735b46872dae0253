import type { NumberSequence, ParsedNumber } from './number-syntax.js';
import type { RuleContext, RuleMatch } from './rule-context.js';

/**
 * Numbers that one language reads its own way, tried before the general reading: German ordinal
 * dots and dates, Chinese years and 两, English decades, French hours.
 */
export function languageNumberRule(
  text: string,
  start: number,
  number: ParsedNumber | null,
  sequence: NumberSequence | null,
  negative: boolean,
  context: RuleContext,
): RuleMatch | null {
  if (negative || !context.speller) return null;
  switch (context.iso3) {
    case 'deu':
      return germanDate(text, start, sequence, context) ?? (number && germanOrdinal(text, start, number, context));
    case 'zho':
    case 'yue':
      return number && chineseNumber(text, number, context);
    case 'eng':
      return number && englishDecade(text, number, context);
    case 'fra':
      return number && frenchHour(text, number, context);
    default:
      return null;
  }
}

// After these words a German ordinal takes the -n ending: "am dritten Oktober", "im neunzehnten Jahrhundert".
const germanInflectingWord = /(?:^|\s)(?:am|vom|zum|beim|im|dem|den|des|bis|seit|ab)\s+$/iu;
// A day, month or other ordinal is written "3." before the word it counts, which starts with a capital.
const germanOrdinalDot = /\.[ \u00A0]+(?=\p{Lu})/uy;

function germanDeclined(words: string, text: string, start: number): string {
  return germanInflectingWord.test(text.slice(Math.max(0, start - 12), start)) ? `${words}n` : words;
}

/** "am 3. Oktober" → "am dritten Oktober", "der 2. Platz" → "der zweite Platz". */
function germanOrdinal(text: string, start: number, number: ParsedNumber, context: RuleContext): RuleMatch | null {
  if (number.fracDigits !== null || number.grouped || number.intDigits.length > 2 || /^0+$/.test(number.intDigits)) return null;
  germanOrdinalDot.lastIndex = number.end;
  if (!germanOrdinalDot.test(text)) return null;
  const words = context.speller!.ordinal(number.intDigits);
  return words === null ? null : { end: number.end + 1, spoken: germanDeclined(words, text, start) };
}

/** "1.1.2024" → "ersten ersten zweitausendvierundzwanzig" (after "am"), years before 2000 as "neunzehnhundert…". */
function germanDate(text: string, start: number, sequence: NumberSequence | null, context: RuleContext): RuleMatch | null {
  if (!sequence || sequence.parts.length !== 3 || text[start + sequence.parts[0].length] !== '.') return null;
  const [day, month, year] = sequence.parts.map(Number);
  if (day < 1 || day > 31 || month < 1 || month > 12 || sequence.parts[2].length !== 4) return null;
  const speller = context.speller!;
  const dayWords = speller.ordinal(String(day));
  const monthWords = speller.ordinal(String(month));
  const yearWords = germanYear(year, context);
  if (!dayWords || !monthWords || !yearWords) return null;
  const declined = (words: string) => germanDeclined(words, text, start);
  return { end: sequence.end, spoken: `${declined(dayWords)} ${declined(monthWords)} ${yearWords}` };
}

/** Years before 2000 are said in hundreds: 1990 → "neunzehnhundertneunzig". */
function germanYear(year: number, context: RuleContext): string | null {
  const speller = context.speller!;
  if (year < 1100 || year >= 2000) return speller.integer(String(year));
  const hundreds = speller.integer(String(Math.floor(year / 100)));
  const rest = year % 100 ? speller.integer(String(year % 100)) : '';
  return hundreds === null || rest === null ? null : `${hundreds}hundert${rest}`;
}

// Measure words and date characters that a number may precede in Chinese without being counted.
const notCounted = /[年月日号號点點时時分秒]/u;
const han = /\p{Script=Han}/u;

/** Chinese reads a year digit by digit (2024年 → 二零二四年) and says 两, not 二, before a measure word (2个 → 两个). */
function chineseNumber(text: string, number: ParsedNumber, context: RuleContext): RuleMatch | null {
  if (number.fracDigits !== null) return null;
  const next = text[number.end] ?? '';
  if (next === '年' && number.intDigits.length === 4 && !number.grouped) {
    const digits = [...number.intDigits].map((d) => (d === '0' ? '零' : context.speller!.integer(d)));
    return digits.includes(null) ? null : { end: number.end, spoken: digits.join('') };
  }
  if (number.intDigits === '2' && han.test(next) && !notCounted.test(next)) {
    return { end: number.end, spoken: context.iso3 === 'zho' ? '两' : '兩' };
  }
  return null;
}

const decadeSuffix = /'?s(?![\p{L}\p{N}])/uy;

/** "1990s" → "nineteen nineties", "80s" → "eighties". */
function englishDecade(text: string, number: ParsedNumber, context: RuleContext): RuleMatch | null {
  const digits = number.intDigits;
  if (number.fracDigits !== null || number.grouped || !/^(?:\d0|1[1-9]\d0|20\d0)$/.test(digits)) return null;
  decadeSuffix.lastIndex = number.end;
  const suffix = decadeSuffix.exec(text);
  if (!suffix) return null;
  const speller = context.speller!;
  const tens = speller.integer(digits.slice(-2));
  const century = digits.length === 4 ? speller.integer(digits.slice(0, 2)) : '';
  if (!tens || century === null) return null;
  // 2000s: "two thousands"; 1900s: "nineteen hundreds".
  const last = digits.slice(-2) === '00'
    ? (digits.startsWith('20') ? 'two thousands' : `${century} hundreds`)
    : `${century ? `${century} ` : ''}${tens.replace(/y$/u, 'ies')}`;
  return { end: number.end + suffix[0].length, spoken: last };
}

const frenchHourMark = /[ \u00A0]?h(?:[ \u00A0]?(\d{2}))?(?![\p{L}\p{N}])/uy;

/** "10h30", "3 h" → "dix heures trente", "trois heures". */
function frenchHour(text: string, number: ParsedNumber, context: RuleContext): RuleMatch | null {
  if (number.fracDigits !== null || number.grouped || Number(number.intDigits) > 24) return null;
  frenchHourMark.lastIndex = number.end;
  const mark = frenchHourMark.exec(text);
  if (!mark) return null;
  const speller = context.speller!;
  const hour = Number(number.intDigits);
  const hourNumber = hour === 1 ? 'une' : speller.integer(String(hour));
  const hourWords = `${hourNumber} ${hour === 1 ? 'heure' : 'heures'}`;
  const minutes = mark[1] && mark[1] !== '00' ? speller.integer(mark[1].replace(/^0/, '')) : '';
  if (hourNumber === null || minutes === null) return null;
  return { end: number.end + mark[0].length, spoken: minutes ? `${hourWords} ${minutes}` : hourWords };
}

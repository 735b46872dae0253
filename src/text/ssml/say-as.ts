import { languageOf } from '../../synthesis/text/languages.js';
import { SsmlError } from './ssml-error.js';

const invalid = (what: string, content: string, rule: string) => new SsmlError('invalid_value', `say-as ${what} "${content.slice(0, 40)}": ${rule}`);

export const interpretations = ['characters', 'spell-out', 'cardinal', 'number', 'ordinal', 'digits', 'date', 'telephone'] as const;

/** Ordinal marks the text stage reads as ordinals ("21st", "3.", "3e"); other languages read the number. */
function ordinal(n: string, language: string): string {
  const value = Number(n);
  if (language === 'eng') {
    const tens = value % 100;
    const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][value % 10] ?? 'th');
    return `${n}${suffix}`;
  }
  if (language === 'fra') return value === 1 ? '1er' : `${n}e`;
  if (['deu', 'dan', 'nor', 'fin', 'ces', 'slk', 'hrv', 'pol', 'hun', 'tur'].includes(language)) return `${n}.`;
  return n;
}

/** A date in the order `format` names (ymd, dmy, mdy, ym, my, md, dm, y, m, d), written as the language writes it. */
function date(content: string, format: string | undefined, language: string): string {
  const order = format ?? 'ymd';
  if (!/^(ymd|dmy|mdy|ym|my|md|dm|y|m|d)$/u.test(order)) throw invalid('format', order, 'one of ymd, dmy, mdy, ym, my, md, dm, y, m, d');
  const parts = content.trim().split(/[-/.\s]+/u);
  if (parts.length !== order.length || parts.some((p) => !/^\d{1,4}$/u.test(p))) throw invalid('date', content, `${order.length} numbers in the order ${order}`);
  const field = (letter: string) => (order.includes(letter) ? Number(parts[order.indexOf(letter)]) : undefined);
  const [year, month, day] = [field('y'), field('m'), field('d')];
  if (month !== undefined && (month < 1 || month > 12)) throw invalid('date', content, 'the month must be 1–12');
  if (day !== undefined && (day < 1 || day > 31)) throw invalid('date', content, 'the day must be 1–31');
  const when = new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, day ?? 1));
  if (day !== undefined && when.getUTCDate() !== day) throw invalid('date', content, 'no such day in that month');
  const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC' };
  if (year !== undefined) options.year = 'numeric';
  if (month !== undefined) options.month = 'long';
  if (day !== undefined) options.day = 'numeric';
  return new Intl.DateTimeFormat(languageOf(language)?.locale ?? 'en-US', options).format(when);
}

/** A telephone number read digit by digit, a short pause between its groups. */
function telephone(content: string): string {
  if (!/^\+?[\d\s().-]+$/u.test(content.trim()) || !/\d/u.test(content)) throw invalid('telephone', content, 'digits, +, spaces, dashes, dots and parentheses');
  const groups = content.trim().match(/\+?\d+/gu)!;
  return groups.map((g) => (g.startsWith('+') ? '+' : '') + [...g.replace(/^\+/u, '')].join(' ')).join(', ');
}

/** The text a say-as element is read as, in `language` (ISO 639-3). */
export function sayAs(content: string, attributes: Record<string, string>, language: string): string {
  const kind = attributes['interpret-as'];
  const text = content.trim();
  switch (kind) {
    case 'characters':
    case 'spell-out':
      return [...text].filter((c) => !/\s/u.test(c)).join(' ');
    case 'cardinal':
    case 'number':
      if (!/^[+-]?\d[\d,.\s]*$/u.test(text)) throw invalid('cardinal', text, 'a number');
      return text;
    case 'ordinal':
      if (!/^\d{1,9}$/u.test(text)) throw invalid('ordinal', text, 'a whole number');
      return ordinal(text, language);
    case 'digits':
      if (!/^\d+$/u.test(text)) throw invalid('digits', text, 'digits only');
      return [...text].join(' ');
    case 'date':
      return date(text, attributes.format, language);
    case 'telephone':
      return telephone(text);
    default:
      throw new SsmlError('invalid_value', `say-as interpret-as="${String(kind).slice(0, 40)}": one of ${interpretations.join(', ')}`);
  }
}

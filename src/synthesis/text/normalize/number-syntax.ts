/**
 * Finding numbers in text the way each language writes them: which character groups thousands,
 * which marks the decimals, and digits of other scripts (fullwidth, Arabic-Indic, Devanagari…).
 */

// Zero of each decimal digit block we read; the nine digits follow it.
const digitZeros = [0x30, 0xff10, 0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xbe6, 0xe50];
export const digitClass = '[0-9\\uFF10-\\uFF19\\u0660-\\u0669\\u06F0-\\u06F9\\u0966-\\u096F\\u09E6-\\u09EF\\u0A66-\\u0A6F\\u0BE6-\\u0BEF\\u0E50-\\u0E59]';
const digitTest = new RegExp(digitClass, 'u');

export function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch.length === 1 && digitTest.test(ch);
}

/** The ASCII digits of a run of digits of any of our scripts. */
export function asciiDigits(digits: string): string {
  let out = '';
  for (const ch of digits) {
    const code = ch.charCodeAt(0);
    const zero = digitZeros.find((z) => code >= z && code <= z + 9);
    out += zero === undefined ? ch : String(code - zero);
  }
  return out;
}

interface NumberFormat {
  decimal: string;
  /** Characters that group thousands. */
  group: string;
}

const spaces = ' \u00A0\u202F';
const pointDecimal: NumberFormat = { decimal: '.', group: ',' };
const commaDecimalDotGroup: NumberFormat = { decimal: ',', group: `.${spaces}` };
const commaDecimalSpaceGroup: NumberFormat = { decimal: ',', group: spaces };

const formats: Readonly<Record<string, NumberFormat>> = {
  eng: pointDecimal, kor: pointDecimal, jpn: pointDecimal, zho: pointDecimal, yue: pointDecimal,
  tha: pointDecimal, hin: pointDecimal, ben: pointDecimal, pan: pointDecimal, tam: pointDecimal,
  msa: pointDecimal, tgl: pointDecimal,
  ara: { decimal: '.\u066B', group: ',\u066C' },
  spa: commaDecimalDotGroup, deu: commaDecimalDotGroup, ita: commaDecimalDotGroup, por: commaDecimalDotGroup,
  nld: commaDecimalDotGroup, dan: commaDecimalDotGroup, ind: commaDecimalDotGroup, tur: commaDecimalDotGroup,
  hrv: commaDecimalDotGroup, ron: commaDecimalDotGroup, ell: commaDecimalDotGroup, vie: commaDecimalDotGroup,
  fra: commaDecimalSpaceGroup, rus: commaDecimalSpaceGroup, ukr: commaDecimalSpaceGroup, bul: commaDecimalSpaceGroup,
  pol: commaDecimalSpaceGroup, ces: commaDecimalSpaceGroup, slk: commaDecimalSpaceGroup, fin: commaDecimalSpaceGroup,
  swe: commaDecimalSpaceGroup, nor: commaDecimalSpaceGroup, hun: commaDecimalSpaceGroup,
};

export interface ParsedNumber {
  end: number;
  /** ASCII digits of the integer part, separators removed. */
  intDigits: string;
  /** ASCII digits after the decimal mark, or null for an integer. */
  fracDigits: string | null;
  /** Written with thousands separators ("1,234"): then it is surely one number, not a date or a version. */
  grouped: boolean;
}

export interface NumberSequence {
  end: number;
  /** ASCII digits of each part: 10:30 → ['10', '30'], 2024-01-15 → ['2024', '01', '15']. */
  parts: string[];
}

const escape = (chars: string): string => chars.replace(/[\\\]^-]/g, '\\$&');

interface Patterns {
  grouped: RegExp;
  plain: RegExp;
  fraction: RegExp;
}

const patternCache = new Map<string, Patterns>();

function patternsFor(iso3: string): Patterns {
  let patterns = patternCache.get(iso3);
  if (!patterns) {
    const format = formats[iso3] ?? pointDecimal;
    const d = digitClass;
    const g = `[${escape(format.group)}]`;
    // A decimal point where the language groups with dots is still read as one when it cannot be a
    // group ("3.14" in German text is pi, "3.140" is three thousand one hundred forty).
    const decimals = format.decimal.includes('.') ? format.decimal : `${format.decimal}.`;
    patterns = {
      grouped: new RegExp(`${d}{1,3}(?:${g}${d}{3})+(?!${d}|${g}${d})`, 'uy'),
      plain: new RegExp(`${d}+`, 'uy'),
      fraction: new RegExp(`[${escape(decimals)}](${d}+)(?!${d}|[.,:/]${d})`, 'uy'),
    };
    patternCache.set(iso3, patterns);
  }
  return patterns;
}

/** A number starting at `start` (which must be a digit), as the language writes it. */
export function parseNumberAt(text: string, start: number, iso3: string): ParsedNumber | null {
  const { grouped, plain, fraction } = patternsFor(iso3);
  let match: RegExpExecArray | null = null;
  let isGrouped = false;
  for (const pattern of [grouped, plain]) {
    pattern.lastIndex = start;
    match = pattern.exec(text);
    if (match) {
      isGrouped = pattern === grouped;
      break;
    }
  }
  if (!match) return null;
  const intDigits = asciiDigits(match[0].replace(/[^\p{Nd}]/gu, ''));
  let end = start + match[0].length;
  let fracDigits: string | null = null;
  fraction.lastIndex = end;
  const frac = fraction.exec(text);
  if (frac) {
    fracDigits = asciiDigits(frac[1]);
    end += frac[0].length;
  }
  return { end, intDigits, fracDigits, grouped: isGrouped };
}

const sequencePatterns: readonly RegExp[] = [
  // Times: 9:05, 23:59:59.
  new RegExp(`${digitClass}{1,2}:${digitClass}{2}(?::${digitClass}{2})?(?!${digitClass})`, 'uy'),
  // Dates, versions, addresses: three or more parts with one separator (2024-01-15, 1.2.3, 192.168.0.1).
  new RegExp(`${digitClass}+([./-])${digitClass}+(?:\\1${digitClass}+)+(?!${digitClass})`, 'uy'),
  // Slashed pairs: 24/7, 3/4.
  new RegExp(`${digitClass}+/${digitClass}+(?!${digitClass}|/)`, 'uy'),
];

/** A run of numbers joined by separators that is not one number (a time, a date, a version). */
export function parseSequenceAt(text: string, start: number): NumberSequence | null {
  for (const pattern of sequencePatterns) {
    pattern.lastIndex = start;
    const match = pattern.exec(text);
    if (match) {
      const parts = match[0].split(/[.:/-]/).map(asciiDigits);
      return { end: start + match[0].length, parts };
    }
  }
  return null;
}

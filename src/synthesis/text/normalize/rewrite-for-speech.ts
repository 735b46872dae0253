import type { OffsetMap } from '../offset-map.js';
import { TextRewriter } from '../text-rewriter.js';
import { abbreviationRule } from './abbreviation-rule.js';
import { currencyBeforeRule, currencySymbols } from './currency-rule.js';
import { isDigit } from './number-syntax.js';
import { numberRule } from './number-rule.js';
import { atWordStart, ruleContextFor, type Rule, type RuleContext, type RuleMatch } from './rule-context.js';
import { symbolRule } from './symbol-rule.js';
import { webAddressRule } from './web-address-rule.js';

const letter = /[\p{L}\p{M}]/u;
const letterOrDigit = /[\p{L}\p{N}\p{M}]/u;
const hangul = /\p{Script=Hangul}/u;
// Whitespace, line breaks included: a run of it becomes one space between words.
const blank = /[\s\u0085]/u;
// Invisible characters that are not spaces (zero-width space, word joiner, BOM, soft hyphen,
// bidirectional marks and controls, the other control characters): removed outright, so
// "co\u00ADoperate" stays one word. ZWJ/ZWNJ are kept: Indic scripts and emoji need them.
const invisible = /[\u200B\u2060\uFEFF\u00AD\u200E\u200F\u202A-\u202E\u2066-\u2069\p{Cc}]/u;

/**
 * The rules, tried in this order at each place a rule could start: web and e-mail addresses
 * before numbers (they contain digits), money before numbers (the symbol comes first), then
 * numbers, abbreviations, and lone symbols.
 */
function rulesAt(text: string, i: number, context: RuleContext): RuleMatch | null {
  const ch = text[i];
  const candidates: Rule[] = [];
  if (letterOrDigit.test(ch) && atWordStart(text, i)) candidates.push(webAddressRule);
  if (currencySymbols.includes(ch)) candidates.push(currencyBeforeRule);
  if (isDigit(ch) || ch === '-' || ch === '\u2212') candidates.push(numberRule);
  if (letter.test(ch)) candidates.push(abbreviationRule);
  if ('&@+=%'.includes(ch)) candidates.push(symbolRule);
  for (const rule of candidates) {
    const match = rule(text, i, context);
    if (match && match.end > i) return match;
  }
  return null;
}

/**
 * The normalization pass itself; may throw on a bug, which `normalizeText` guards against.
 * Scans left to right: blanks collapse, rules rewrite what they recognise, everything else is
 * copied verbatim (so its offsets map exactly).
 */
export function rewriteForSpeech(text: string, iso3: string): { text: string; map: OffsetMap } {
  const context = ruleContextFor(iso3);
  const out = new TextRewriter(text);
  let copyFrom = 0;
  let i = 0;
  const flush = (to: number) => {
    if (to > copyFrom) out.copy(copyFrom, to);
    copyFrom = to;
  };
  while (i < text.length) {
    const unit = unitLength(text, i);
    const ch = text.slice(i, i + unit);
    if (isBlankOrInvisible(ch)) {
      let end = i;
      let visible = false;
      while (end < text.length) {
        const u = unitLength(text, end);
        const c = text.slice(end, end + u);
        if (!isBlankOrInvisible(c)) break;
        if (blank.test(c) && c !== '\uFEFF') visible = true;
        end += u;
      }
      const atEdge = out.outputLength === 0 && copyFrom === i ? true : end >= text.length;
      const replacement = visible && !atEdge ? ' ' : '';
      if (text.slice(i, end) !== replacement) {
        flush(i);
        out.replace(i, end, replacement);
        copyFrom = end;
      }
      i = end;
      continue;
    }
    const match = rulesAt(text, i, context);
    if (match) {
      flush(i);
      out.replace(i, match.end, spaced(match.spoken, text, match.end, out.lastChar, context));
      copyFrom = i = match.end;
      continue;
    }
    i += runLength(text, i, unit);
  }
  flush(text.length);
  return out.finish();
}

/** Words said in place of a token get a space from a neighbouring word, in languages with spaces. */
function spaced(spoken: string, text: string, end: number, before: string, context: RuleContext): string {
  if (context.space === '' || spoken === '') return spoken;
  const next = text.codePointAt(end);
  const after = next === undefined ? '' : String.fromCodePoint(next);
  const pre = before !== '' && letterOrDigit.test(before) ? ' ' : '';
  // Korean particles and counters cling to what they follow: "5,000원에" → "오천원에".
  const clings = context.iso3 === 'kor' && hangul.test(after);
  const post = after !== '' && letterOrDigit.test(after) && !clings ? ' ' : '';
  return `${pre}${spoken}${post}`;
}

/**
 * How far plain text runs from `i`: a whole word of letters, or a whole number whose language
 * has no speller, or one character. Rules only ever start where a run starts.
 */
function runLength(text: string, i: number, unit: number): number {
  const first = text.slice(i, i + unit);
  const sameRun = letter.test(first) ? (c: string) => letter.test(c) : isDigit(first) ? isDigit : null;
  if (!sameRun) return unit;
  let end = i + unit;
  while (end < text.length) {
    const u = unitLength(text, end);
    if (!sameRun(text.slice(end, end + u))) break;
    end += u;
  }
  return end - i;
}

/** 2 for a surrogate pair, 1 for anything else (a lone surrogate included). */
function unitLength(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
    const next = text.charCodeAt(i + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  return 1;
}

function isBlankOrInvisible(ch: string): boolean {
  if (ch.length === 1) {
    const code = ch.charCodeAt(0);
    // A lone surrogate is not text: engines would turn it into U+FFFD or choke on it.
    if (code >= 0xd800 && code <= 0xdfff) return true;
  }
  return blank.test(ch) || invisible.test(ch);
}

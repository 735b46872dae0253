import type { WordTiming } from '../../synthesis/audio.js';
import type { SpokenSpan } from '../../synthesis/pipeline/speech-request.js';
import type { PronunciationRule } from './pronunciation-rule.js';

/** One replaced stretch: `from`…`to` of the text written, `spokenFrom`…`spokenTo` of the text spoken. */
export interface Replacement {
  from: number;
  to: number;
  spokenFrom: number;
  spokenTo: number;
}

/** A text with a dictionary's aliases put in, and where each one went. */
export interface PronouncedText {
  /** What the engine reads. */
  spoken: string;
  /** In text order, not overlapping. */
  replacements: Replacement[];
}

type AliasRule = Extract<PronunciationRule, { type: 'alias' }>;

const escape = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/gu, '\\$&');
/** A word character on either side makes a match part of a longer word. */
const wordChar = '[\\p{L}\\p{N}\\p{M}_]';

/** The rules as one pattern, longest first, so that "New York City" wins over "New York". */
function patternOf(rules: readonly AliasRule[]): RegExp {
  const alternatives = [...rules]
    .sort((a, b) => b.stringToReplace.length - a.stringToReplace.length)
    .map((rule) => (rule.wordBoundaries === false ? escape(rule.stringToReplace) : `(?<!${wordChar})${escape(rule.stringToReplace)}(?!${wordChar})`));
  return new RegExp(alternatives.join('|'), 'giu');
}

/**
 * The rule a match stands for. The pattern matches without case; a case-sensitive rule takes only
 * its own spelling, and among rules of the same string the case-sensitive one wins.
 */
function ruleFor(match: string, exact: Map<string, AliasRule>, folded: Map<string, AliasRule>): AliasRule | undefined {
  return exact.get(match) ?? folded.get(match.toLowerCase());
}

/**
 * The dictionaries' aliases put into `text`: whole words (unless a rule says otherwise),
 * case-insensitive (unless a rule says otherwise), longest first, each stretch of the text
 * replaced once (an alias is not looked up again). Earlier rules win over later ones for the same
 * string. Phoneme rules are not applied here: the engines' phoneme input is not wired yet.
 */
export function applyPronunciation(text: string, rules: readonly PronunciationRule[]): PronouncedText {
  const aliases = rules.filter((r): r is AliasRule => r.type === 'alias' && r.stringToReplace !== '');
  if (aliases.length === 0 || text === '') return { spoken: text, replacements: [] };
  const exact = new Map<string, AliasRule>();
  const folded = new Map<string, AliasRule>();
  for (const rule of aliases) {
    if (rule.caseSensitive) {
      if (!exact.has(rule.stringToReplace)) exact.set(rule.stringToReplace, rule);
    } else if (!folded.has(rule.stringToReplace.toLowerCase())) folded.set(rule.stringToReplace.toLowerCase(), rule);
  }
  const pattern = patternOf(aliases);
  const replacements: Replacement[] = [];
  let spoken = '';
  let at = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const rule = ruleFor(match[0], exact, folded);
    if (!rule || match[0] === '') {
      // A case-sensitive rule whose spelling differs: look again one character on.
      pattern.lastIndex = match.index + 1;
      continue;
    }
    spoken += text.slice(at, match.index);
    const spokenFrom = spoken.length;
    spoken += rule.alias;
    replacements.push({ from: match.index, to: match.index + match[0].length, spokenFrom, spokenTo: spoken.length });
    at = match.index + match[0].length;
  }
  spoken += text.slice(at);
  return { spoken, replacements };
}

/**
 * A place in the written text → the same place in the spoken text. A place inside a replaced
 * stretch goes to the end of its alias; its very start, to the alias's start.
 */
function toSpoken(position: number, replacements: readonly Replacement[]): number {
  let shift = 0;
  for (const r of replacements) {
    if (position < r.from) break;
    if (position === r.from) return r.spokenFrom;
    if (position < r.to) return r.spokenTo;
    shift = r.spokenTo - r.to;
  }
  return position + shift;
}

/** A place in the spoken text → the written text: inside an alias, the whole replaced word. */
function toWritten(position: number, edge: 'start' | 'end', replacements: readonly Replacement[]): number {
  let shift = 0;
  for (const r of replacements) {
    if (position < r.spokenFrom || (edge === 'end' && position === r.spokenFrom)) break;
    if (position < r.spokenTo || (edge === 'end' && position === r.spokenTo)) return edge === 'start' ? r.from : r.to;
    shift = r.to - r.spokenTo;
  }
  return position + shift;
}

/**
 * The engine's words, timed on the spoken text, put back on the written text: the words of an
 * alias become one word over the word it replaced, from the first one's start to the last one's
 * end, so the replaced word keeps its place and spans its spoken time.
 */
export function wordsOnWrittenText(words: readonly WordTiming[], written: string, replacements: readonly Replacement[]): WordTiming[] {
  if (replacements.length === 0) return [...words];
  const out: WordTiming[] = [];
  for (const word of words) {
    const from = toWritten(word.offset, 'start', replacements);
    const to = Math.max(from, toWritten(word.offset + word.length, 'end', replacements));
    const previous = out.at(-1);
    const inAlias = replacements.some((r) => word.offset >= r.spokenFrom && word.offset < r.spokenTo);
    if (inAlias && previous && previous.offset === from && previous.length === to - from) {
      previous.end = Math.max(previous.end, word.end);
      continue;
    }
    out.push({ ...word, offset: from, length: to - from, text: written.slice(from, to) });
  }
  return out;
}

/** An SSML document's spans, moved onto the spoken text. */
export function spansOnSpokenText(spans: readonly SpokenSpan[], replacements: readonly Replacement[]): SpokenSpan[] {
  return spans.map((span) => ({ ...span, from: toSpoken(span.from, replacements), to: toSpoken(span.to, replacements) }));
}

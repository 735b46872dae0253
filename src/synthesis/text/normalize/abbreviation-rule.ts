import { isDigit } from './number-syntax.js';
import { atWordStart, type Rule } from './rule-context.js';

const letterOrDigit = /[\p{L}\p{N}]/u;
const sentenceGoesOn = /^\s+[\p{Ll}\p{N}]/u;

/** "Dr." → "Doctor", "z. B." → "zum Beispiel": the language's list in `abbreviations.ts`. */
export const abbreviationRule: Rule = (text, start, context) => {
  if (context.abbreviations.length === 0 || !atWordStart(text, start)) return null;
  for (const abbreviation of context.abbreviations) {
    const { written } = abbreviation;
    if (!text.startsWith(written, start)) continue;
    const end = start + written.length;
    // "Dr" must not take the start of "Drive"; "etc." may be followed by anything.
    if (letterOrDigit.test(written[written.length - 1]) && letterOrDigit.test(text[end] ?? '')) continue;
    const after = text.slice(end, end + 8);
    if (abbreviation.beforeNumber && !isDigit(after.trimStart()[0])) continue;
    let spoken = abbreviation.spoken;
    let mayEndSentence = abbreviation.mayEndSentence;
    if (written === 'St.' && context.iso3 === 'eng') {
      spoken = saintOrStreet(text, start);
      mayEndSentence = spoken === 'Street';
    }
    // Taking the dot of "etc." at the end of a sentence must not take the sentence's full stop.
    if (mayEndSentence && written.endsWith('.') && !sentenceGoesOn.test(after)) spoken += '.';
    return { end, spoken };
  }
  return null;
};

/**
 * "St." after a street's name is Street ("Main St."), otherwise Saint ("St. Louis", "in St. Paul").
 * The first word of a text is capitalised anyway, so it does not count as a name.
 */
function saintOrStreet(text: string, start: number): string {
  const before = text.slice(0, start).match(/(\p{L}+)\s*$/u);
  if (!before) return 'Saint';
  const isName = /^\p{Lu}/u.test(before[1]);
  const isFirstWord = !/\p{L}/u.test(text.slice(0, start - before[0].length));
  return isName && !isFirstWord ? 'Street' : 'Saint';
}

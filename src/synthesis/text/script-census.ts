/** The writing systems that decide a language (or a family of them) on their own. */
export type ScriptName =
  | 'hangul' | 'kana' | 'han' | 'thai' | 'tamil' | 'bengali' | 'gurmukhi' | 'devanagari'
  | 'greek' | 'arabic' | 'cyrillic' | 'latin' | 'other';

export type ScriptCensus = Record<ScriptName, number>;

// Order matters only for speed: the common scripts are tested first.
const scriptTests: readonly [ScriptName, RegExp][] = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['han', /\p{Script=Han}/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['thai', /\p{Script=Thai}/u],
  ['greek', /\p{Script=Greek}/u],
  ['tamil', /\p{Script=Tamil}/u],
  ['bengali', /\p{Script=Bengali}/u],
  ['gurmukhi', /\p{Script=Gurmukhi}/u],
];

const letter = /\p{L}/u;

/**
 * How many letters of each script the text holds. Only letters count: digits, punctuation,
 * emoji and combining marks say nothing about the language. Scans at most `limit` code points,
 * which is plenty to tell a script and keeps detection cheap on long texts.
 */
export function countScripts(text: string, limit = 4000): ScriptCensus {
  const census: ScriptCensus = {
    hangul: 0, kana: 0, han: 0, thai: 0, tamil: 0, bengali: 0, gurmukhi: 0, devanagari: 0,
    greek: 0, arabic: 0, cyrillic: 0, latin: 0, other: 0,
  };
  let seen = 0;
  for (const ch of text) {
    if (++seen > limit) break;
    if (!letter.test(ch)) continue;
    const hit = scriptTests.find(([, test]) => test.test(ch));
    census[hit ? hit[0] : 'other']++;
  }
  return census;
}

/**
 * Russian, Ukrainian and Bulgarian share most of their n-grams (the detector's scores differ by
 * less than 0.01 on whole sentences), but each has letters the others lack. Those letters decide
 * when they are present; the detector decides only when they are silent.
 */
export type CyrillicVerdict = 'rus' | 'ukr' | 'bul' | 'foreign' | 'unknown';

// Serbian, Macedonian, Belarusian and Kazakh letters: a Cyrillic language we do not speak.
const foreignLetters = /[ђћљњџјѓќѕўәғқңөұүһЂЋЉЊЏЈЃЌЅЎӘҒҚҢӨҰҮҺ]/gu;
const ukrainianLetters = /[іїєґІЇЄҐ]/gu;
const russianLetters = /[ыэёЫЭЁ]/gu;
// Bulgarian writes ъ as a vowel (път, България); Russian only as a separator before е, ё, ю, я.
const bulgarianHardSign = /[ъЪ](?![еёюяЕЁЮЯ])/gu;
const cyrillicLetter = /\p{Script=Cyrillic}/gu;

export function cyrillicByLetters(text: string): CyrillicVerdict {
  const letters = count(text, cyrillicLetter);
  const foreign = count(text, foreignLetters);
  // A stray foreign name in a Russian text should not veto it: ask for one in two hundred letters.
  if (foreign > 0 && foreign * 200 >= letters) return 'foreign';
  const uk = count(text, ukrainianLetters);
  const ru = count(text, russianLetters);
  const bg = count(text, bulgarianHardSign);
  if (uk > 0 && ru === 0 && bg === 0) return 'ukr';
  if (ru > 0 && uk === 0 && bg === 0) return 'rus';
  if (bg > 0 && uk === 0 && ru === 0) return 'bul';
  return 'unknown';
}

function count(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text) !== null) n++;
  return n;
}

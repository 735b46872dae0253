import { noiseSource } from '../synthesis/signals.js';
import { previewTexts } from '../../src/synthesis/catalog/preview-texts.js';

/** A seeded PRNG in [0, 1) (the tests' mulberry32): the same seed gives the same texts on every machine. */
export function seededRandom(seed: number): () => number {
  const noise = noiseSource(seed);
  return () => (noise() + 1) / 2;
}

/** Scripts written without spaces between words. */
const unspaced = new Set(['jpn', 'zho', 'yue', 'tha']);

/** Punctuation of each script: what may stick to a word, before or after. */
function punctuationOf(language: string): { after: string[]; before: string[]; alone: string[] } {
  switch (language) {
    case 'jpn':
      return { after: ['。', '、', '！', '？', '」', '…', '）'], before: ['「', '（'], alone: ['・', '—'] };
    case 'zho':
    case 'yue':
      return { after: ['。', '，', '！', '？', '、', '」', '；', '：'], before: ['「', '《'], alone: ['——', '…'] };
    case 'ara':
      return { after: ['،', '؟', '.', '!', '؛', '»'], before: ['«'], alone: ['-'] };
    case 'hin':
    case 'ben':
    case 'pan':
      return { after: ['।', ',', '?', '!', '॥'], before: ['"'], alone: ['-'] };
    case 'ell':
      return { after: [',', '.', ';', '!', '·', '»'], before: ['«'], alone: ['—'] };
    case 'tha':
      return { after: ['ๆ', '!', '?', '"'], before: ['"'], alone: ['ฯ'] };
    case 'fra':
      return { after: [',', '.', ' !', ' ?', ' :', '»', '…'], before: ['«'], alone: ['—'] };
    case 'spa':
      return { after: [',', '.', '!', '?', ';', '…'], before: ['¡', '¿', '"'], alone: ['—'] };
    case 'deu':
    case 'ces':
    case 'slk':
    case 'pol':
    case 'hrv':
    case 'bul':
    case 'ukr':
    case 'rus':
      return { after: [',', '.', '!', '?', ';', ':', '“', '»'], before: ['„', '«'], alone: ['–', '—'] };
    default:
      return { after: [',', '.', '!', '?', ';', ':', '"', ')', '…', "'s"], before: ['"', '(', '“'], alone: ['—', '-', '&'] };
  }
}

/** Words (letters only) of a language, from its preview sentence; slices of it for unspaced scripts. */
function wordsOf(language: string): string[] {
  const text = previewTexts[language] ?? previewTexts.eng;
  const runs = text.match(/[\p{L}\p{M}]+/gu) ?? [];
  if (!unspaced.has(language)) return runs;
  const out: string[] = [];
  for (const run of runs) {
    const chars = [...run];
    for (let i = 0; i < chars.length; i += 2) out.push(chars.slice(i, i + 2 + (i % 3)).join(''));
  }
  return out.filter((w) => w.length > 0);
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];

function numberText(random: () => number): string {
  const n = Math.floor(random() * 100_000);
  return pick(random, [String(n % 100), String(n), `${n % 10}.${n % 100}`, (n * 37).toLocaleString('en-US'), `${n % 100}%`, `${1900 + (n % 130)}`]);
}

/**
 * A text in `language` mixing words of that language, its punctuation (stuck to words and alone),
 * numbers, a word of another script now and then, and varied whitespace (several spaces, a new
 * line; in unspaced scripts often none at all).
 */
export function generateText(language: string, random: () => number, languages: readonly string[]): string {
  const words = wordsOf(language);
  const punctuation = punctuationOf(language);
  const count = 3 + Math.floor(random() * 10);
  let text = '';
  for (let i = 0; i < count; i++) {
    const roll = random();
    let token: string;
    if (i === 0 || roll < 0.6) token = pick(random, words);
    else if (roll < 0.72) token = numberText(random);
    else if (roll < 0.82) token = pick(random, wordsOf(pick(random, languages)));
    else if (roll < 0.87) token = pick(random, ['OK', 'Orator', 'API', 'COVID-19', 'e-mail', 'TTS']);
    else token = pick(random, punctuation.alone);
    if (random() < 0.15) token = pick(random, punctuation.before) + token;
    if (random() < 0.35) token += pick(random, punctuation.after);
    if (i > 0) {
      const glue = unspaced.has(language) && random() < 0.6 ? '' : pick(random, [' ', ' ', ' ', ' ', '  ', '\n', ' \n', '\t']);
      text += glue;
    }
    text += token;
  }
  return text;
}

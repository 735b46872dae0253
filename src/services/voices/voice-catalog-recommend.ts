import { languages } from '../../synthesis/text/languages.js';
import type { VoiceEntry } from './voice-catalog.js';

export interface Recommendation {
  entry: VoiceEntry;
  /** 0…1: the share of the query's words that this voice answers, weighted. */
  score: number;
}

/** Words people use for what the catalog stores as gender and age. */
const genderWords: Record<string, string[]> = {
  male: ['male', 'man', 'men', 'boy', 'guy', 'masculine', 'he', 'his', '남성', '남자'],
  female: ['female', 'woman', 'women', 'girl', 'lady', 'feminine', 'she', 'her', '여성', '여자'],
};
const ageWords: Record<string, string[]> = {
  child: ['child', 'kid', 'kids', 'children', 'little', '아이', '어린이'],
  teenager: ['teen', 'teenager', 'teenage', 'adolescent', 'youth', '10대'],
  young_adult: ['young', 'adult', 'twenties', 'youthful', '청년'],
  middle_age: ['middle', 'middle-aged', 'mature', 'forties', '중년'],
  elder: ['elder', 'elderly', 'old', 'senior', 'grandfather', 'grandmother', 'aged', '노인'],
};

/** Lower-case words of a text, any script; labels like "E-learning" also give "e", "learning". */
function words(text: string): string[] {
  const lower = text.toLowerCase();
  const parts = lower.match(/[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu) ?? [];
  const split = parts.flatMap((p) => (p.includes('-') ? [p, ...p.split('-')] : [p]));
  return [...new Set(split)];
}

/** Everything a voice can be recognised by, each with a weight: names count most. */
function vocabulary(entry: VoiceEntry): Map<string, number> {
  const vocab = new Map<string, number>();
  const add = (ws: string[], weight: number) => ws.forEach((w) => vocab.set(w, Math.max(vocab.get(w) ?? 0, weight)));
  add(words(`${entry.name.eng} ${entry.name.kor}`), 1.5);
  add(entry.useCases.flatMap(words), 1);
  add(entry.style.flatMap(words), 1);
  if (entry.gender) add(genderWords[entry.gender], 0.8);
  if (entry.age) add([...ageWords[entry.age], ...words(entry.age.replace('_', ' '))], 0.8);
  const language = entry.language ? languages.get(entry.language) : undefined;
  if (language) add([language.iso3, language.iso1, ...words(language.english), ...words(language.korean)].filter(Boolean), 1);
  return vocab;
}

const vocabularies = new WeakMap<VoiceEntry, Map<string, number>>();
function vocabularyOf(entry: VoiceEntry): Map<string, number> {
  let vocab = vocabularies.get(entry);
  if (!vocab) vocabularies.set(entry, (vocab = vocabulary(entry)));
  return vocab;
}

/**
 * Voices for a free-text description ("calm male narrator for documentaries"): each query word
 * scores the weight with which a voice carries it (name, use case, style, gender, age,
 * language); the score is the mean over the query's words, at most 1. Best first; ties keep
 * catalog order. Always `count` voices when the catalog has them, the weakest with score 0.
 */
export function recommendVoices(entries: readonly VoiceEntry[], query: string, count: number): Recommendation[] {
  const wanted = words(query);
  const scored = entries.map((entry, index) => {
    const vocab = vocabularyOf(entry);
    let sum = 0;
    for (const w of wanted) sum += Math.min(1, vocab.get(w) ?? prefixWeight(vocab, w));
    return { entry, index, score: wanted.length === 0 ? 0 : Math.round((sum / wanted.length) * 1000) / 1000 };
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, count).map(({ entry, score }) => ({ entry, score }));
}

/** "documentaries" finds "documentary", "narrat" finds nothing: a shared stem of 5+ letters counts half. */
function prefixWeight(vocab: Map<string, number>, word: string): number {
  if (word.length < 5) return 0;
  const stem = word.slice(0, 5);
  let best = 0;
  for (const [known, weight] of vocab) if (known.length >= 5 && known.startsWith(stem)) best = Math.max(best, weight / 2);
  return best;
}

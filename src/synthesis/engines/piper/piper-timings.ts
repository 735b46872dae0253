import type { WordTiming } from '../../audio.js';
import type { PhonemeIds, PhonemeSentence } from './piper-phonemes.js';

/** A phoneme word of one sentence and where it sits in the whole output, in samples. */
export interface SpokenWord {
  start: number;
  end: number;
}

/**
 * Where each phoneme word of a sentence sits in its audio. With the model's durations (samples per
 * id) a word runs from its first phoneme's id to the pad after its last. Without them, the estimate:
 * every phoneme of the sentence, spaces and punctuation included, takes an equal share of the audio
 * and pads none (Piper's pads are short); the sentence's words then fall where their phonemes do.
 */
export function sentenceWordSpans(sentence: PhonemeSentence, mapped: PhonemeIds, samples: number, idSamples: number[] | null, offset: number): SpokenWord[] {
  const idStart: number[] = [];
  const idEnd: number[] = [];
  if (idSamples) {
    let at = 0;
    for (const n of idSamples) {
      idStart.push(at);
      at += n;
      idEnd.push(at);
    }
  } else {
    const weights = mapped.ids.map(() => 0);
    for (const id of mapped.idOfPhoneme) if (id >= 0) weights[id] = 1;
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    let at = 0;
    for (const w of weights) {
      idStart.push(at);
      at += (w / total) * samples;
      idEnd.push(at);
    }
  }
  const words: SpokenWord[] = [];
  for (let p = 0; p < sentence.phonemes.length; p++) {
    const word = sentence.wordOfPhoneme[p];
    const id = mapped.idOfPhoneme[p];
    if (word < 0 || id < 0) continue;
    const start = Math.min(idStart[id], samples);
    const end = Math.min(idEnd[Math.min(id + 1, idEnd.length - 1)], samples);
    const span = (words[word] ??= { start, end });
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
  }
  // Words whose every phoneme was skipped get an empty span where the previous word ended.
  for (let w = 0; w < sentence.wordCount; w++) {
    words[w] ??= { start: words[w - 1]?.end ?? 0, end: words[w - 1]?.end ?? 0 };
  }
  return words.map((word) => ({ start: word.start + offset, end: word.end + offset }));
}

/** Written words of the engine's text: letters or digits, with inner apostrophes and hyphens. */
export function textWords(text: string): { offset: number; length: number; text: string }[] {
  return [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu)].map((m) => ({ offset: m.index, length: m[0].length, text: m[0] }));
}

/**
 * Text words paired with spoken words. When eSpeak spoke as many words as are written they pair in
 * order; otherwise (eSpeak split or merged some) the written words share the speech in proportion
 * to their length. Either way the timings are ordered and within the audio.
 */
export function wordTimings(text: string, spoken: SpokenWord[], totalSamples: number, sampleRate: number): WordTiming[] {
  const written = textWords(text);
  if (written.length === 0) return [];
  if (written.length === spoken.length) {
    return written.map((word, i) => timing(word, spoken[i].start, spoken[i].end, sampleRate));
  }
  const first = spoken[0]?.start ?? 0;
  const last = spoken.length > 0 ? spoken[spoken.length - 1].end : totalSamples;
  const chars = written.reduce((sum, word) => sum + word.length, 0);
  let at = first;
  return written.map((word) => {
    const start = at;
    at += ((last - first) * word.length) / chars;
    return timing(word, start, at, sampleRate);
  });
}

function timing(word: { offset: number; length: number; text: string }, start: number, end: number, sampleRate: number): WordTiming {
  return { text: word.text, offset: word.offset, length: word.length, start: start / sampleRate, end: Math.max(start, end) / sampleRate };
}

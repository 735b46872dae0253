import type { WordTiming } from '../audio.js';
import type { SentencePlan } from './plan-sentences.js';

/** The spoken sentences joined by a space, and where each starts in the joined text. */
export function joinSpoken(plans: readonly SentencePlan[]): { text: string; offsets: number[] } {
  const offsets: number[] = [];
  let text = '';
  for (const plan of plans) {
    if (text) text += ' ';
    offsets.push(text.length);
    text += plan.spoken;
  }
  return { text, offsets };
}

/**
 * Timed words of the spoken text → timed words of the written text. Words spoken for one
 * written token ("forty two" for "42") become one entry spanning all of them.
 */
export function writtenWords(spokenWords: readonly WordTiming[], plans: readonly SentencePlan[], spokenOffsets: readonly number[]): WordTiming[] {
  const words: WordTiming[] = [];
  let sentence = 0;
  for (const word of spokenWords) {
    while (sentence + 1 < plans.length && word.offset >= spokenOffsets[sentence + 1]) sentence++;
    const plan = plans[sentence];
    const local = word.offset - spokenOffsets[sentence];
    const source = plan.map.toSource(local, local + word.length);
    const start = plan.offset + source.start;
    const end = plan.offset + source.end;
    const previous = words.at(-1);
    if (previous && start < previous.offset + previous.length) {
      const until = Math.max(previous.offset + previous.length, end);
      previous.length = until - previous.offset;
      previous.text = textOf(plans, sentence, previous.offset, until);
      previous.end = Math.max(previous.end, word.end);
      continue;
    }
    words.push({ text: textOf(plans, sentence, start, end), offset: start, length: end - start, start: word.start, end: word.end });
  }
  return words;
}

function textOf(plans: readonly SentencePlan[], sentence: number, from: number, to: number): string {
  const plan = plans[sentence];
  return plan.written.slice(from - plan.offset, to - plan.offset);
}

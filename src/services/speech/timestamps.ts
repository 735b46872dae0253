import type { WordTiming } from '../../synthesis/audio.js';

export interface TimedText {
  text: string;
  /** Seconds. */
  start: number;
  end: number;
}

const space = /\s/u;
const speakable = /[\p{L}\p{N}\p{M}]/u;
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Each word's span widened to the punctuation stuck to it ("Hello," or "“Yes”"), never into a neighbour. */
function spans(text: string, words: readonly WordTiming[]): { from: number; to: number; word: WordTiming }[] {
  return words.map((word, i) => {
    const floor = i > 0 ? words[i - 1].offset + words[i - 1].length : 0;
    const ceiling = i + 1 < words.length ? words[i + 1].offset : text.length;
    let from = word.offset;
    while (from > floor && !space.test(text[from - 1])) from--;
    let to = word.offset + word.length;
    while (to < ceiling && !space.test(text[to])) to++;
    return { from, to, word };
  });
}

/** Words of the request text with their audio windows, punctuation attached as the official clients expect. */
export function wordTimestamps(text: string, words: readonly WordTiming[]): TimedText[] {
  return spans(text, words).map(({ from, to, word }) => ({ text: text.slice(from, to), start: ms(word.start), end: ms(Math.max(word.start, word.end)) }));
}

/**
 * Every character of the request text (by code point, spaces and punctuation included) with a
 * window. The engines time words, not letters, so a word's window is spread evenly over its
 * letters and digits; punctuation stuck to a word gets a zero-length window where it stands;
 * characters between words (spaces, unspoken symbols) get the gap between the words around them.
 */
export function characterTimestamps(text: string, words: readonly WordTiming[]): TimedText[] {
  const out: TimedText[] = [];
  const wordSpans = spans(text, words);
  let at = 0;
  let previousEnd = 0;
  for (let w = 0; w <= wordSpans.length; w++) {
    const span = wordSpans[w];
    const gapEnd = span ? span.word.start : previousEnd;
    for (const ch of codePoints(text, at, span ? span.from : text.length)) out.push({ text: ch, start: ms(previousEnd), end: ms(Math.max(previousEnd, gapEnd)) });
    if (!span) break;
    const chars = [...codePoints(text, span.from, span.to)];
    const letters = chars.filter((c) => speakable.test(c)).length;
    const { start } = span.word;
    const end = Math.max(start, span.word.end);
    const step = letters > 0 ? (end - start) / letters : 0;
    let t = start;
    for (const ch of chars) {
      if (speakable.test(ch)) {
        out.push({ text: ch, start: ms(t), end: ms(t + step) });
        t += step;
      } else {
        out.push({ text: ch, start: ms(t), end: ms(t) });
      }
    }
    at = span.to;
    previousEnd = end;
  }
  return out;
}

function* codePoints(text: string, from: number, to: number): Generator<string> {
  if (to <= from) return;
  yield* text.slice(from, to);
}

import type { WordTiming } from '../../synthesis/audio.js';

export interface TimedText {
  text: string;
  /** Seconds. */
  start: number;
  end: number;
}

/** A word as the real service splits them: a run of non-whitespace, with its place and window. */
export interface TimedWord extends TimedText {
  /** UTF-16 offset into the text, and length. */
  offset: number;
  length: number;
}

const speakable = /[\p{L}\p{N}\p{M}]/u;
const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** A word of the text and the engine words that speak (part of) it. */
interface Run {
  from: number;
  to: number;
  engineWords: WordTiming[];
  start: number;
  end: number;
}

/**
 * The words of `text` as the real service splits them: at whitespace, punctuation attached, so a
 * run with no spaces (Japanese, Chinese, Thai) is one word. Each word's window covers the engine
 * words inside it; a word no engine word speaks (a lone dash, a symbol the normalizer dropped)
 * shares the gap between its timed neighbours. Windows are made monotonic (each starts where the
 * previous ended or later) and kept inside `[0, duration]`.
 */
function runsOf(text: string, words: readonly WordTiming[], duration: number): Run[] {
  const runs: Run[] = [];
  for (const match of text.matchAll(/\S+/gu)) {
    const from = match.index;
    const to = from + match[0].length;
    const engineWords = words.filter((w) => w.offset < to && w.offset + w.length > from);
    runs.push({ from, to, engineWords, start: NaN, end: NaN });
  }
  const clamp = (t: number) => Math.min(Math.max(t, 0), duration);
  let previousEnd = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i];
    if (run.engineWords.length > 0) {
      run.start = Math.max(clamp(Math.min(...run.engineWords.map((w) => w.start))), previousEnd);
      run.end = Math.max(clamp(Math.max(...run.engineWords.map((w) => w.end))), run.start);
      previousEnd = run.end;
      continue;
    }
    // Untimed words up to the next timed one share the gap evenly.
    let j = i;
    while (j < runs.length && runs[j].engineWords.length === 0) j++;
    const nextStart = j < runs.length ? clamp(Math.min(...runs[j].engineWords.map((w) => w.start))) : previousEnd;
    const gapEnd = Math.max(nextStart, previousEnd);
    const step = (gapEnd - previousEnd) / (j - i);
    for (let k = i; k < j; k++) {
      runs[k].start = previousEnd + (k - i) * step;
      runs[k].end = previousEnd + (k - i + 1) * step;
    }
    previousEnd = gapEnd;
    i = j - 1;
  }
  return runs;
}

/** Words of the text with their places and audio windows (seconds, unrounded). */
export function timedWords(text: string, words: readonly WordTiming[], duration: number): TimedWord[] {
  return runsOf(text, words, duration).map((run) => ({ text: text.slice(run.from, run.to), offset: run.from, length: run.to - run.from, start: run.start, end: run.end }));
}

/** Words of the request text with their audio windows, punctuation attached as the official clients expect. */
export function wordTimestamps(text: string, words: readonly WordTiming[], duration: number): TimedText[] {
  return timedWords(text, words, duration).map((w) => ({ text: w.text, start: ms(w.start), end: ms(w.end) }));
}

/**
 * Every character of the request text (by code point, spaces and punctuation included), so that
 * the characters joined give the text back. The engines time words, not letters: inside a word,
 * the letters an engine word speaks share that engine word's window evenly; other characters
 * (punctuation) get a zero-length window where they stand. A word no engine word speaks spreads
 * its window over its letters. Whitespace between words shares the gap between them.
 */
export function characterTimestamps(text: string, words: readonly WordTiming[], duration: number): TimedText[] {
  const out: TimedText[] = [];
  let at = 0;
  let previousEnd = 0;
  const push = (ch: string, start: number, end: number) => out.push({ text: ch, start: ms(start), end: ms(end) });
  for (const run of runsOf(text, words, duration)) {
    const between = [...text.slice(at, run.from)];
    const gapStep = (Math.max(previousEnd, run.start) - previousEnd) / Math.max(1, between.length);
    between.forEach((ch, k) => push(ch, previousEnd + k * gapStep, previousEnd + (k + 1) * gapStep));
    let t = run.start;
    const letterWindow = (offset: number): [number, number] | null => {
      const owner = run.engineWords.find((w) => offset >= w.offset && offset < w.offset + w.length);
      if (run.engineWords.length > 0 && !owner) return null;
      const [from, to, start, end] = owner
        ? [Math.max(owner.offset, run.from), Math.min(owner.offset + owner.length, run.to), owner.start, owner.end]
        : [run.from, run.to, run.start, run.end];
      const letters = [...text.slice(from, to)].filter((c) => speakable.test(c));
      const index = [...text.slice(from, offset)].filter((c) => speakable.test(c)).length;
      const step = (end - start) / Math.max(1, letters.length);
      return [start + index * step, start + (index + 1) * step];
    };
    let offset = run.from;
    for (const ch of text.slice(run.from, run.to)) {
      const window = speakable.test(ch) ? letterWindow(offset) : null;
      // Monotonic and inside the word's window, whatever the engine words say.
      const start = Math.min(Math.max(window ? window[0] : t, t), run.end);
      const end = Math.min(Math.max(window ? window[1] : start, start), run.end);
      push(ch, start, end);
      t = end;
      offset += ch.length;
    }
    at = run.to;
    previousEnd = run.end;
  }
  for (const ch of text.slice(at)) push(ch, previousEnd, previousEnd);
  return out;
}

import type { EspeakEvent } from './espeak-runtime.js';
import type { WordTiming } from '../../audio.js';
import type { SpokenText } from './spoken-text.js';
import { voicedFrames } from './voiced-frames.js';

const wordCharacter = /[\p{L}\p{M}\p{N}]/u;
const space = /\s/u;

/**
 * Silence this long at the end of a word's span is a pause, not part of the word (a final stop's
 * closure is followed by its burst, so it never ends a span). At the start the bar is higher: a
 * word may open with a stop closure of 50–80 ms, which belongs to it.
 */
const trailingPause = 0.03;
const leadingPause = 0.1;

interface TextSpan {
  offset: number;
  end: number;
  /** Seconds. */
  start: number;
}

/**
 * Turns eSpeak's word events into words of the request text with their audio times.
 *
 * eSpeak's text positions are reliable, its lengths are not ("don't" comes back as 3 code points,
 * a word after an em dash as 0, Thai lengths skip tone marks), so a word runs from its position to
 * the next word's position, stops at the first space, and loses punctuation at both ends; eSpeak's
 * length only ever widens it (so "3.5", read as three words, stays one). Events that land inside
 * the previous word, or on no letter or digit at all, extend the previous word instead.
 *
 * In audio, a word runs from its event to the next word's event, minus leading and trailing silence
 * (pauses at commas and sentence ends belong to no word).
 */
export function wordTimings(events: readonly EspeakEvent[], spoken: SpokenText, samples: Float32Array, sampleRate: number): WordTiming[] {
  const source = spoken.source;
  const duration = samples.length / sampleRate;
  const positions = events.filter((event) => event.type === 'word').map((event) => ({
    at: event.text_position - 1,
    length: event.word_length,
    time: Math.min(duration, Math.max(0, event.audio_position / 1000)),
  }));

  const spans: TextSpan[] = [];
  let lastTime = 0;
  for (let i = 0; i < positions.length; i++) {
    const { at, length } = positions[i];
    const time = Math.max(lastTime, positions[i].time);
    lastTime = time;
    const next = positions.slice(i + 1).find((p) => p.at > at);
    const limit = next ? spoken.sourceRangeAt(next.at).start : source.length;
    const hinted = length > 0 ? spoken.sourceRangeAt(at + length - 1).end : 0;
    const span = textSpanAt(source, spoken.sourceRangeAt(at).start, Math.max(limit, hinted));

    const previous = spans[spans.length - 1];
    if (!span) continue; // nothing readable here: its audio stays with the previous word
    if (previous && (span.offset < previous.end || time <= previous.start)) {
      previous.end = Math.max(previous.end, span.end);
      continue;
    }
    spans.push({ ...span, start: time });
    // eSpeak sometimes reads a word without an event of its own (Korean "날씨가" in "오늘 날씨가
    // 좋네요"): whole words between this span and the next event share the time up to that
    // event, in proportion to their letters.
    const following = wordsBetween(source, span.end, limit);
    if (following.length > 0) {
      const nextTime = next ? Math.max(time, Math.min(duration, next.time)) : duration;
      const letters = [span, ...following].map((w) => lettersIn(source, w.offset, w.end));
      const total = letters.reduce((a, b) => a + b, 0);
      let before = letters[0];
      following.forEach((word, k) => {
        spans.push({ ...word, start: time + ((nextTime - time) * before) / total });
        before += letters[k + 1];
      });
    }
  }

  const voiced = voicedFrames(samples, sampleRate);
  const words: WordTiming[] = [];
  for (let i = 0; i < spans.length; i++) {
    const { offset, end: textEnd, start: eventStart } = spans[i];
    const eventEnd = i + 1 < spans.length ? spans[i + 1].start : duration;
    const { start, end } = voiced.trim(eventStart, eventEnd, leadingPause, trailingPause);
    const previous = words[words.length - 1];
    if (end <= start) {
      // An event at the very end of the audio: no time of its own, so it joins the word before.
      if (previous) {
        previous.length = textEnd - previous.offset;
        previous.text = source.slice(previous.offset, textEnd);
      }
      continue;
    }
    words.push({ text: source.slice(offset, textEnd), offset, length: textEnd - offset, start, end });
  }
  return words;
}

/** Whole readable words that start after a space in source[from, limit). */
function wordsBetween(source: string, from: number, limit: number): { offset: number; end: number }[] {
  const words: { offset: number; end: number }[] = [];
  let at = from;
  for (;;) {
    while (at < limit && !space.test(characterAt(source, at))) at += characterAt(source, at).length;
    if (at >= limit) return words;
    const word = textSpanAt(source, at, limit);
    if (!word) return words;
    words.push(word);
    at = word.end;
  }
}

function lettersIn(source: string, from: number, to: number): number {
  return Math.max(1, [...source.slice(from, to)].filter((c) => wordCharacter.test(c)).length);
}

/** The readable word starting at or after `from`, before `limit`: cut at a space, punctuation trimmed. */
function textSpanAt(source: string, from: number, limit: number): { offset: number; end: number } | undefined {
  let offset = from;
  while (offset < limit && !wordCharacter.test(characterAt(source, offset))) offset += characterAt(source, offset).length;
  if (offset >= limit) return undefined;

  let end = offset;
  while (end < limit && !space.test(characterAt(source, end))) end += characterAt(source, end).length;
  while (end > offset) {
    const last = lastCharacterBefore(source, end);
    if (wordCharacter.test(last)) break;
    end -= last.length;
  }
  return { offset, end };
}

function characterAt(text: string, index: number): string {
  return String.fromCodePoint(text.codePointAt(index)!);
}

function lastCharacterBefore(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  if (index >= 2 && low >= 0xdc00 && low <= 0xdfff) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text[index - 1];
}

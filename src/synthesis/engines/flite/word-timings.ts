import type { WordTiming } from '../../audio.js';
import { alignPhones } from './phone-alignment.js';
import { isPause, type TimedSegment } from './segments.js';
import type { WrittenWord } from './written-words.js';

/**
 * Times each written word from the utterance's timed segments.
 *
 * `wordPhones[i]` are the phones of `words[i]` spoken on its own (undefined when they could not be
 * had); aligning their concatenation to the utterance's phones gives each phone its word, so a
 * token read as several words ("42" → "forty two") is timed from its first phone to its last.
 * Words that got no phone are left out. Segment times match the audio as they are (measured
 * against its pauses); diphone voices only cut the final pause short, so times are clamped to the
 * audio, never scaled.
 */
export function timeWords(
  words: WrittenWord[],
  wordPhones: readonly (readonly string[])[] | undefined,
  segments: TimedSegment[],
  audioDuration: number,
): WordTiming[] {
  const spoken = segments.filter((segment) => !isPause(segment.phone));
  if (words.length === 0 || spoken.length === 0) return [];
  const owners = wordPhones && wordPhones.length === words.length
    ? ownersByAlignment(wordPhones, spoken, segments)
    : ownersByLength(words, spoken.length);

  const at = (seconds: number) => Math.min(audioDuration, Math.max(0, seconds));

  const timings: WordTiming[] = [];
  for (let first = 0; first < spoken.length;) {
    const owner = owners[first];
    let last = first;
    while (last + 1 < spoken.length && owners[last + 1] === owner) last++;
    const previous = timings.at(-1);
    if (owner >= 0 && previous?.offset === words[owner].offset) {
      previous.end = at(spoken[last].end); // the same word again after an unowned stretch
    } else if (owner >= 0) {
      const word = words[owner];
      timings.push({ text: word.text, offset: word.offset, length: word.length, start: at(spoken[first].start), end: at(spoken[last].end) });
    }
    first = last + 1;
  }
  return timings;
}

/** Word index of each spoken segment, from the phone alignment; -1 where none fits. */
function ownersByAlignment(wordPhones: readonly (readonly string[])[], spoken: TimedSegment[], segments: TimedSegment[]): Int32Array {
  const reference: string[] = [];
  const referenceWord: number[] = [];
  wordPhones.forEach((phones, word) => {
    for (const phone of phones) {
      reference.push(phone);
      referenceWord.push(word);
    }
  });
  const aligned = alignPhones(reference, spoken.map((segment) => segment.phone));
  const owners = new Int32Array(spoken.length).fill(-1);
  aligned.forEach((index, j) => {
    if (index >= 0) owners[j] = referenceWord[index];
  });

  // Which pause-free stretch each spoken segment is in: an inserted phone never joins a word
  // across a pause.
  const stretch = new Int32Array(spoken.length);
  let current = 0;
  let j = 0;
  for (const segment of segments) {
    if (isPause(segment.phone)) current++;
    else stretch[j++] = current;
  }

  // An inserted phone (no counterpart in the isolated words) joins a neighbouring word in the
  // same stretch: the previous one, unless only the next one is there.
  const resolved = owners.slice();
  for (let k = 0; k < spoken.length; k++) {
    if (owners[k] >= 0) continue;
    let previous = -1;
    for (let p = k - 1; p >= 0 && stretch[p] === stretch[k]; p--) if (owners[p] >= 0) { previous = owners[p]; break; }
    let next = -1;
    for (let q = k + 1; q < spoken.length && stretch[q] === stretch[k]; q++) if (owners[q] >= 0) { next = owners[q]; break; }
    resolved[k] = previous >= 0 ? previous : next;
  }
  return resolved;
}

/** Fallback: share the segments out in proportion to each word's written length. */
function ownersByLength(words: WrittenWord[], count: number): Int32Array {
  const total = words.reduce((sum, word) => sum + word.length, 0);
  const owners = new Int32Array(count);
  let word = 0;
  let boundary = (words[0].length / total) * count;
  let covered = words[0].length;
  for (let k = 0; k < count; k++) {
    while (k >= boundary && word < words.length - 1) {
      word++;
      covered += words[word].length;
      boundary = (covered / total) * count;
    }
    owners[k] = word;
  }
  return owners;
}

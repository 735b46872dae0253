import type { SpokenWord } from '../piper/piper-timings.js';
import type { KokoroChunk } from './kokoro-phonemes.js';

/**
 * Where each phoneme word of one call sits in its audio. With the model's `duration` output
 * (frames per id, pads included, 600 samples each) a word runs from its first token's start to its
 * last token's end. Without it, the estimate: every token of the call (spaces and punctuation too)
 * takes an equal share of the audio, the two pads none.
 */
export function kokoroWordSpans(chunk: KokoroChunk, samples: number, idSamples: number[] | null, offset: number): SpokenWord[] {
  const starts: number[] = [];
  const ends: number[] = [];
  if (idSamples) {
    let at = idSamples[0];
    for (let i = 0; i < chunk.tokens.length; i++) {
      starts.push(at);
      at += idSamples[i + 1];
      ends.push(at);
    }
  } else {
    const share = samples / Math.max(1, chunk.tokens.length);
    for (let i = 0; i < chunk.tokens.length; i++) {
      starts.push(i * share);
      ends.push((i + 1) * share);
    }
  }
  const words: SpokenWord[] = [];
  for (let i = 0; i < chunk.tokens.length; i++) {
    const word = chunk.wordOfToken[i];
    if (word < 0) continue;
    const start = Math.min(starts[i], samples);
    const end = Math.min(ends[i], samples);
    const span = (words[word] ??= { start, end });
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, end);
  }
  for (let w = 0; w < chunk.wordCount; w++) words[w] ??= { start: words[w - 1]?.end ?? 0, end: words[w - 1]?.end ?? 0 };
  return words.map((word) => ({ start: word.start + offset, end: word.end + offset }));
}

import type { WordTiming } from '../../synthesis/audio.js';
import { unmarkedSpoken } from '../../synthesis/phonemes/phoneme-marks.js';
import { sentencePauseSeconds, type SpokenSentence } from '../../synthesis/pipeline/synthesizer.js';
import { writtenWords } from '../../synthesis/pipeline/written-words.js';
import { toWritten, wordsOnWrittenText, type Replacement } from '../../text/pronunciation/apply-pronunciation.js';
import type { CachedSpeech } from './speech-cache.js';

/** A sentence of a stream, as rendered (not encoded), with the text it speaks and its word timings. */
export interface TimedSentence {
  samples: Float32Array;
  sampleRate: number;
  /**
   * The stretch of the request text it stands for (UTF-16 offsets, `to` exclusive): whitespace
   * before a sentence goes with it, and the text's tail with the last, so the stretches joined
   * are the whole text.
   */
  from: number;
  to: number;
  /** Words of `text.slice(from, to)`: offsets from `from`, times from the sentence's first sample. */
  words: WordTiming[];
  /** The sentence as spoken (numbers and abbreviations written out), and its words alike. */
  spokenText: string;
  spokenWords: WordTiming[];
  /** Seconds of silence before it: 0 for the first, the usual pause (scaled by the tempo) or an SSML break. */
  pauseBefore: number;
  last: boolean;
}

/** A streaming synthesis whose sentences come unencoded: the first is rendered already (so refusals came first). */
export interface SentenceStream {
  /** What is spoken (an SSML document's spoken text), as billed: the sentences' stretches point into it. */
  text: string;
  language: string;
  /** Credits charged (given back in part when the listener leaves early). */
  credits: number;
  /** The sentences in order; iterate once. Ending or leaving the iteration ends the admission. */
  sentences(): AsyncGenerator<TimedSentence>;
  /** The listener is gone: stop, free the slot, give back the characters not handed over. Safe to call twice. */
  cancel(): Promise<void>;
}

/** The rendered sentences of a request as timed sentences of `text`. */
export async function* timedSentences(source: AsyncIterable<SpokenSentence>, text: string, tempo: number): AsyncGenerator<TimedSentence> {
  let from = 0;
  let index = 0;
  for await (const sentence of source) {
    const last = index === sentence.total - 1;
    const to = last ? text.length : sentence.plan.offset + sentence.plan.written.length;
    const words = writtenWords(sentence.words, [sentence.plan], [0]).map((w) => ({ ...w, offset: w.offset - from }));
    const pauseBefore = index === 0 ? 0 : (sentence.pauseBefore ?? sentencePauseSeconds / tempo);
    const spoken = unmarkedSpoken(sentence.plan.spoken, sentence.words);
    yield { samples: sentence.samples, sampleRate: sentence.sampleRate, from, to, words, spokenText: spoken.text, spokenWords: spoken.words, pauseBefore, last };
    from = to;
    index++;
  }
}

/**
 * Timed sentences of the text the engine read (the dictionaries' aliases in it) put back on the
 * text as written, as whole answers are: a sentence's stretch and its words point into `written`,
 * and an alias's words are one word over the word it replaced.
 */
export async function* sentencesOnWrittenText(source: AsyncIterable<TimedSentence>, written: string, replacements: readonly Replacement[]): AsyncGenerator<TimedSentence> {
  for await (const sentence of source) {
    const from = toWritten(sentence.from, 'start', replacements);
    const to = sentence.last ? written.length : toWritten(sentence.to, 'start', replacements);
    const absolute = sentence.words.map((word) => ({ ...word, offset: word.offset + sentence.from }));
    const words = wordsOnWrittenText(absolute, written, replacements).map((word) => ({ ...word, offset: word.offset - from }));
    yield { ...sentence, from, to, words };
  }
}

type CachedSentence = Omit<TimedSentence, 'samples'> & { samples: number };

/** Sentences of a whole stream, as the response cache keeps them: their samples (float32) one after another, the rest as metadata. */
export function cachedSentenceStream(sentences: TimedSentence[], language: string): CachedSpeech {
  const length = sentences.reduce((n, s) => n + s.samples.length, 0);
  const samples = new Float32Array(length);
  let at = 0;
  for (const sentence of sentences) {
    samples.set(sentence.samples, at);
    at += sentence.samples.length;
  }
  const sampleRate = sentences[0]?.sampleRate ?? 0;
  return {
    audio: new Uint8Array(samples.buffer),
    contentType: 'audio/x-float32',
    sampleRate,
    duration: sampleRate > 0 ? length / sampleRate : 0,
    language,
    words: [],
    spoken: { text: '', words: [] },
    sentences: sentences.map((s): CachedSentence => ({ ...s, samples: s.samples.length })),
  };
}

/** The sentences of a cached stream, or null when the entry is not one. */
export function sentencesOfCache(cached: CachedSpeech): TimedSentence[] | null {
  const kept = cached.sentences as CachedSentence[] | undefined;
  if (!kept) return null;
  const bytes = cached.audio;
  // Copied: the blob's bytes need not be aligned for a Float32Array.
  const all = new Float32Array(new Uint8Array(bytes).buffer);
  let at = 0;
  return kept.map((s) => {
    const samples = all.slice(at, at + s.samples);
    at += s.samples;
    return { ...s, samples };
  });
}

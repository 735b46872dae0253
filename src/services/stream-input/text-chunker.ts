import { segmentSentences } from '../../synthesis/text/segment-sentences.js';
import { hasSpeakableContent } from '../../synthesis/text/speakable.js';

/** ElevenLabs' default `chunk_length_schedule`. */
export const defaultChunkSchedule: readonly number[] = [120, 160, 250, 290];

/** Why a chunk was cut, which decides the pause before the next one. */
export type ChunkEnd = 'sentence' | 'length' | 'flush';

export interface TextChunk {
  /** The text as received (the characters the chunk's alignment lists), whitespace included. */
  text: string;
  end: ChunkEnd;
}

// A text that cannot end a sentence by itself, appended to ask the segmenter whether a break
// would come before it: "Dr. " is no sentence end ("Dr. Z" is one sentence), "Hello. " is.
const probe = 'Z';

/**
 * Text that arrives token by token, cut into chunks for synthesis. A chunk is cut as soon as a
 * sentence is known to have ended (its full stop followed by whitespace, or a CJK full stop), or
 * once the buffer reaches the schedule's length (at the last word boundary; without any, at twice
 * the length), or at once on a flush. Whitespace and punctuation with nothing to say wait for the
 * next chunk. Chunks joined give the text received, except what is still in the buffer.
 */
export class TextChunker {
  private buffer = '';
  private cut = 0;

  /** `schedule`: characters before a length cut, one entry per chunk, the last repeated; null: never by length (auto_mode). */
  constructor(
    private readonly language: string,
    private readonly schedule: readonly number[] | null = defaultChunkSchedule,
  ) {}

  /** Characters received and not yet in a chunk. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Adds text; returns the chunks it completes. `tryTrigger` also cuts at the last word boundary. */
  push(text: string, tryTrigger = false): TextChunk[] {
    this.buffer += text;
    const out: TextChunk[] = [];
    for (;;) {
      const chunk = this.nextChunk(tryTrigger);
      if (!chunk) return out;
      out.push(chunk);
    }
  }

  /** Everything buffered as one chunk, when it has something to say. */
  flush(): TextChunk[] {
    if (!hasSpeakableContent(this.buffer)) return [];
    return [this.take(this.buffer.length, 'flush')];
  }

  private nextChunk(tryTrigger: boolean): TextChunk | null {
    const sentenceEnd = this.firstSentenceEnd();
    if (sentenceEnd !== null) return this.take(sentenceEnd, 'sentence');
    const limit = this.schedule ? this.schedule[Math.min(this.cut, this.schedule.length - 1)] : Infinity;
    if (this.buffer.trim().length < limit && !tryTrigger) return null;
    const boundary = lastWordBoundary(this.buffer);
    if (boundary > 0 && hasSpeakableContent(this.buffer.slice(0, boundary))) return this.take(boundary, 'length');
    if (!tryTrigger && this.buffer.length >= 2 * limit) return this.take(codePointBoundary(this.buffer, limit), 'length');
    return null;
  }

  /** Where the first complete sentence of the buffer ends (after its trailing whitespace), or null. */
  private firstSentenceEnd(): number | null {
    if (!hasSpeakableContent(this.buffer)) return null;
    const sentences = segmentSentences(this.buffer + probe, this.language);
    for (const sentence of sentences.slice(1)) {
      const before = this.buffer.slice(0, sentence.offset);
      if (hasSpeakableContent(before)) return sentence.offset;
    }
    return null;
  }

  private take(length: number, end: ChunkEnd): TextChunk {
    const text = this.buffer.slice(0, length);
    this.buffer = this.buffer.slice(length);
    this.cut++;
    return { text, end };
  }
}

/** The offset after the last whitespace run that follows a word: the words before it are complete. */
function lastWordBoundary(text: string): number {
  const match = /\S\s+(?=\S*$)/u.exec(text);
  return match ? match.index + match[0].length : 0;
}

function codePointBoundary(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at + 1 : at;
}

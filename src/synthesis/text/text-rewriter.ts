import { OffsetMap, type Segment } from './offset-map.js';

/**
 * Builds a rewritten text left to right from pieces of a source text, recording where each piece
 * came from so the result carries its `OffsetMap`. Pieces must be taken in source order; source
 * text that is skipped simply produces no output.
 */
export class TextRewriter {
  private readonly parts: string[] = [];
  private readonly segments: Segment[] = [];
  private length = 0;
  private cursor = 0;
  private last = '';

  constructor(readonly source: string) {}

  /** Output length so far. */
  get outputLength(): number {
    return this.length;
  }

  /** The last output character (code point), '' at the start: lets rules decide whether a space is needed. */
  get lastChar(): string {
    return this.last;
  }

  /** Copy source[srcStart, srcEnd) verbatim. */
  copy(srcStart: number, srcEnd: number): void {
    this.advanceTo(srcStart, srcEnd);
    if (srcEnd === srcStart) return;
    const text = this.source.slice(srcStart, srcEnd);
    const previous = this.segments[this.segments.length - 1];
    if (previous && previous.exact && previous.srcEnd === srcStart && previous.outEnd === this.length) {
      previous.srcEnd = srcEnd;
      previous.outEnd += text.length;
    } else {
      this.segments.push({ srcStart, srcEnd, outStart: this.length, outEnd: this.length + text.length, exact: true });
    }
    this.append(text);
  }

  /** Replace source[srcStart, srcEnd) by `text`; the whole of `text` maps to the whole source range. */
  replace(srcStart: number, srcEnd: number, text: string): void {
    this.advanceTo(srcStart, srcEnd);
    if (text.length === 0) return;
    this.segments.push({ srcStart, srcEnd, outStart: this.length, outEnd: this.length + text.length, exact: false });
    this.append(text);
  }

  finish(): { text: string; map: OffsetMap } {
    return { text: this.parts.join(''), map: new OffsetMap(this.segments, this.source.length, this.length) };
  }

  private advanceTo(srcStart: number, srcEnd: number): void {
    if (srcStart < this.cursor || srcEnd < srcStart || srcEnd > this.source.length) {
      throw new RangeError(`rewrite out of order: [${srcStart}, ${srcEnd}) after ${this.cursor}`);
    }
    this.cursor = srcEnd;
  }

  private append(text: string): void {
    this.parts.push(text);
    this.length += text.length;
    // The last code point, not the last UTF-16 unit: an astral letter must still read as a letter.
    this.last = Array.from(text.slice(-2)).pop() ?? '';
  }
}

/**
 * Maps offsets in a rewritten text back to the text it was rewritten from.
 *
 * Engines report word offsets in the text they were given (numbers spelled out, abbreviations
 * expanded…), but the API reports words of the user's text; this map is the bridge. A rewrite is a
 * run of segments that tile the output in order. An exact segment is a verbatim copy, so every
 * character maps to its twin; any other segment replaced its source as a whole, so anything
 * inside it maps to the whole source segment: "five dollars" → "$5", "dollars" → "$5" as well.
 */
export interface Segment {
  srcStart: number;
  srcEnd: number;
  outStart: number;
  outEnd: number;
  /** True when the output is a verbatim copy of the source (same length, character for character). */
  exact: boolean;
}

export interface SourceRange {
  start: number;
  end: number;
}

export class OffsetMap {
  /**
   * @param segments tile [0, outputLength) in order; each output character belongs to exactly one
   *   segment. Source ranges may overlap after composition; mapping takes their union.
   */
  constructor(
    readonly segments: readonly Segment[],
    readonly sourceLength: number,
    readonly outputLength: number,
  ) {}

  /** The map of a text left as it was. */
  static identity(length: number): OffsetMap {
    const segments = length > 0 ? [{ srcStart: 0, srcEnd: length, outStart: 0, outEnd: length, exact: true }] : [];
    return new OffsetMap(segments, length, length);
  }

  /**
   * The source range an output range came from: exact parts map character for character, a range
   * touching a replaced segment grows to cover the whole source of that segment. Out-of-bounds or
   * reversed input is clamped and ordered rather than rejected, so callers holding engine offsets
   * never have to guard them.
   */
  toSource(outStart: number, outEnd: number): SourceRange {
    let a = clamp(outStart, 0, this.outputLength);
    let b = clamp(outEnd, 0, this.outputLength);
    if (a > b) [a, b] = [b, a];
    if (a === b) {
      const point = this.pointToSource(a);
      return { start: point, end: point };
    }
    let start = Infinity;
    let end = -Infinity;
    for (let i = this.firstEndingAfter(a); i < this.segments.length; i++) {
      const s = this.segments[i];
      if (s.outStart >= b) break;
      if (s.outEnd <= s.outStart) continue;
      const from = s.exact ? s.srcStart + (Math.max(a, s.outStart) - s.outStart) : s.srcStart;
      const to = s.exact ? s.srcStart + (Math.min(b, s.outEnd) - s.outStart) : s.srcEnd;
      start = Math.min(start, from);
      end = Math.max(end, to);
    }
    if (start === Infinity) {
      const point = this.pointToSource(a);
      return { start: point, end: point };
    }
    return { start, end };
  }

  /** Where an output position (a caret between characters) falls in the source. */
  pointToSource(outOffset: number): number {
    const p = clamp(outOffset, 0, this.outputLength);
    if (this.segments.length === 0) return p === 0 ? 0 : this.sourceLength;
    const i = this.firstEndingAfter(p);
    if (i >= this.segments.length) {
      // At the very end: just past the last source character that produced output.
      return this.segments.reduce((max, s) => Math.max(max, s.srcEnd), 0);
    }
    const s = this.segments[i];
    if (p <= s.outStart) return s.srcStart;
    return s.exact ? s.srcStart + (p - s.outStart) : s.srcStart;
  }

  /**
   * The map of a second rewrite applied to this one's output: `this` maps B back to A, `next`
   * maps C back to B, the result maps C back to A. Lets a later stage (an engine reading kanji as
   * kana, say) rewrite again without losing the way home.
   */
  then(next: OffsetMap): OffsetMap {
    const segments: Segment[] = [];
    for (const t of next.segments) {
      if (!t.exact || t.srcEnd <= t.srcStart) {
        const src = this.toSource(t.srcStart, t.srcEnd);
        segments.push({ srcStart: src.start, srcEnd: src.end, outStart: t.outStart, outEnd: t.outEnd, exact: false });
        continue;
      }
      // A verbatim copy stays exact only where the text it copied was itself a verbatim copy.
      for (let i = this.firstEndingAfter(t.srcStart); i < this.segments.length; i++) {
        const s = this.segments[i];
        if (s.outStart >= t.srcEnd) break;
        if (s.outEnd <= s.outStart) continue;
        const x = Math.max(t.srcStart, s.outStart);
        const y = Math.min(t.srcEnd, s.outEnd);
        const outStart = t.outStart + (x - t.srcStart);
        const outEnd = t.outStart + (y - t.srcStart);
        if (s.exact) {
          const srcStart = s.srcStart + (x - s.outStart);
          segments.push({ srcStart, srcEnd: srcStart + (y - x), outStart, outEnd, exact: true });
        } else {
          segments.push({ srcStart: s.srcStart, srcEnd: s.srcEnd, outStart, outEnd, exact: false });
        }
      }
    }
    return new OffsetMap(segments, this.sourceLength, next.outputLength);
  }

  /** Index of the first segment whose output ends after `p` (segments are in output order). */
  private firstEndingAfter(p: number): number {
    let lo = 0;
    let hi = this.segments.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.segments[mid].outEnd <= p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return value > 0 ? max : min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

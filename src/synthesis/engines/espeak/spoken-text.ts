/**
 * What eSpeak actually reads, built piece by piece from the request text, remembering for each of
 * its code points which UTF-16 range of the request it stands for. eSpeak reports word positions
 * as 1-based code points of its own input; this is how they get back to the caller's text.
 *
 * The emscripten glue always synthesizes with espeakSSML | espeakPHONEMES, so the input is SSML:
 * `<` would open a tag (`<Jerry>` vanishes unspoken) and `&` an entity, so `&`, `<`, `>` become
 * entities; and `[[` would switch to phoneme mnemonics, so square brackets are read as parentheses.
 */
export class SpokenText {
  private readonly pieces: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(readonly source: string) {}

  /** Each character of source[start, end) is read as itself. */
  appendVerbatim(start: number, end: number): void {
    for (let at = start; at < end; ) {
      const codePoint = this.source.codePointAt(at)!;
      const width = codePoint > 0xffff ? 2 : 1;
      this.push(escapeCharacter(String.fromCodePoint(codePoint)), at, Math.min(end, at + width));
      at += width;
    }
  }

  /** `spoken` (a reading, say) is read in place of source[start, end) and stands for all of it. */
  appendReading(spoken: string, start: number, end: number): void {
    let escaped = '';
    for (const character of spoken) escaped += escapeCharacter(character);
    this.push(escaped, start, end);
  }

  /** A word break of our own at source position `at`; it stands for no source text. */
  appendBreak(at: number): void {
    this.push(' ', at, at);
  }

  /** eSpeak's input. */
  get ssml(): string {
    return this.pieces.join('');
  }

  /** Code points in `ssml`. */
  get length(): number {
    return this.starts.length;
  }

  /** The request range a code point of `ssml` (0-based) stands for; past the end, an empty range there. */
  sourceRangeAt(index: number): { start: number; end: number } {
    if (index >= this.starts.length) return { start: this.source.length, end: this.source.length };
    const i = Math.max(0, index);
    return { start: this.starts[i], end: this.ends[i] };
  }

  private push(spoken: string, start: number, end: number): void {
    this.pieces.push(spoken);
    for (const _ of spoken) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }
}

function escapeCharacter(character: string): string {
  switch (character) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '[':
      return '(';
    case ']':
      return ')';
    default:
      // Control characters (but tab and line breaks) and lone surrogates would reach eSpeak's parser
      // as bytes it cannot read.
      return /^(?:[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udfff])$/.test(character) ? ' ' : character;
  }
}

/** The whole request text, read as written. */
export function verbatimSpokenText(source: string): SpokenText {
  const spoken = new SpokenText(source);
  spoken.appendVerbatim(0, source.length);
  return spoken;
}

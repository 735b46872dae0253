import { espeakWord, phonemeClose, phonemeOpen } from '../../phonemes/phoneme-marks.js';

/**
 * What eSpeak actually reads, built piece by piece from the request text, remembering for each of
 * its code points which UTF-16 range of the request it stands for. eSpeak reports word positions
 * as 1-based code points of its own input; this is how they get back to the caller's text.
 *
 * The emscripten glue always synthesizes with espeakSSML | espeakPHONEMES, so the input is SSML:
 * `<` would open a tag (`<Jerry>` vanishes unspoken) and `&` an entity, so `&`, `<`, `>` become
 * entities; and `[[` would switch to phoneme mnemonics, so square brackets are read as parentheses.
 * Phoneme input is only what a pronunciation rule or an SSML phoneme element asked for, marked
 * in the text (phoneme-marks.ts): it becomes `[[mnemonics]]`, standing for the whole marked word.
 *
 * eSpeak also silently drops text that overflows its buffers: an unspaced run of Hangul or kana
 * longer than about 50 characters is one word too many bytes long, and a clause of more than about
 * 150 Hangul or 200 Chinese characters has too many phonemes (measured; English, Russian, Hindi,
 * Arabic, Greek and Thai clauses of 600+ characters are fine, eSpeak splits them itself). Such
 * runs get a space, and such clauses a zero-length SSML break, before they reach the limit.
 */
export class SpokenText {
  private readonly pieces: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Non-space code points since the last space. */
  private run = 0;
  /** Hangul and Han code points since the last clause boundary. */
  private heavy = 0;

  /** `language`: the voice's, for the phoneme names of marked IPA (phoneme-marks.ts). */
  constructor(
    readonly source: string,
    private readonly language = '',
  ) {}

  /** Each character of source[start, end) is read as itself; a marked IPA word, through eSpeak's phoneme input. */
  appendVerbatim(start: number, end: number): void {
    for (let at = start; at < end; ) {
      if (this.source[at] === phonemeOpen) {
        const close = this.source.indexOf(phonemeClose, at);
        if (close >= 0 && close < end) {
          const word = espeakWord(this.source.slice(at + 1, close), this.language);
          this.guardLimits(' ', 1, at);
          this.push(word, at, close + 1);
          at = close + 1;
          continue;
        }
      }
      const codePoint = this.source.codePointAt(at)!;
      const width = codePoint > 0xffff ? 2 : 1;
      const character = String.fromCodePoint(codePoint);
      this.guardLimits(character, 1, at);
      this.push(escapeCharacter(character), at, Math.min(end, at + width));
      at += width;
    }
  }

  /** `spoken` (a reading, say) is read in place of source[start, end) and stands for all of it. */
  appendReading(spoken: string, start: number, end: number): void {
    const characters = [...spoken];
    if (characters.length === 0) return;
    this.guardLimits(characters[0], characters.length, start);
    this.push(characters.map(escapeCharacter).join(''), start, end);
  }

  /** A word break of our own at source position `at`; it stands for no source text. */
  appendBreak(at: number): void {
    this.guardLimits(' ', 1, at);
    this.push(' ', at, at);
  }

  /** eSpeak's input. */
  get ssml(): string {
    return this.pieces.join('');
  }

  /** The request range a code point of `ssml` (0-based) stands for; past the end, an empty range there. */
  sourceRangeAt(index: number): { start: number; end: number } {
    if (index >= this.starts.length) return { start: this.source.length, end: this.source.length };
    const i = Math.max(0, index);
    return { start: this.starts[i], end: this.ends[i] };
  }

  /** Keeps eSpeak's word and clause buffers from overflowing before `count` code points starting with `first`. */
  private guardLimits(first: string, count: number, at: number): void {
    if (space.test(first)) {
      if (this.heavy >= softClauseLimit) this.pushClauseBreak(at);
      this.run = 0;
      return;
    }
    if (clauseEnd.test(first)) {
      this.heavy = 0;
      this.run = 0;
      return;
    }
    if (heavyCharacter.test(first) && this.heavy + count > hardClauseLimit) this.pushClauseBreak(at);
    else if (oneWordScript.test(first) && this.run > 0 && (this.run + count > runLimit || this.afterParticle())) {
      this.push(' ', at, at);
      this.run = 0;
    }
    this.run += count;
    if (heavyCharacter.test(first)) this.heavy += count;
  }

  /**
   * A long unspaced kana run is best cut after a particle, where a phrase ends: a Japanese reader
   * would pause there too, and no word is split.
   */
  private afterParticle(): boolean {
    const last = this.pieces[this.pieces.length - 1];
    return this.run >= particleRunMinimum && last !== undefined && particles.has(last);
  }

  private pushClauseBreak(at: number): void {
    this.push(clauseBreak, at, at);
    this.heavy = 0;
    this.run = 0;
  }

  private push(spoken: string, start: number, end: number): void {
    this.pieces.push(spoken);
    for (const _ of spoken) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }
}

const space = /^\s$/u;
const clauseEnd = /^[.,!?;:。、，！？；：…،।]$/u;
/** Scripts eSpeak reads an unspaced run of as a single word. */
const oneWordScript = /^[\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}ー]$/u;
/** Scripts whose characters each make a syllable's worth of phonemes. */
const heavyCharacter = /^[\p{Script=Hangul}\p{Script=Han}]$/u;
const runLimit = 32;
/** Hiragana particles that end a phrase far more often than they start a word (と, as in ところ, does not). */
const particles = new Set(['は', 'が', 'を', 'に', 'も', 'へ']);
/** Only runs heading for runLimit are cut early; shorter ones are left to eSpeak whole. */
const particleRunMinimum = 20;
/** A clause this heavy ends at the next space… */
const softClauseLimit = 90;
/** …or, in text without spaces, wherever it reaches this. */
const hardClauseLimit = 120;
const clauseBreak = '<break time="0ms"/>';

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
export function verbatimSpokenText(source: string, language = ''): SpokenText {
  const spoken = new SpokenText(source, language);
  spoken.appendVerbatim(0, source.length);
  return spoken;
}

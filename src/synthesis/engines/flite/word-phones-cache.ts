/**
 * The phones kal16 says for a written word spoken alone, kept per thread so that a word's run is
 * made once, not once per request: on ordinary text that run (~40 ms of CPU per 600 characters,
 * ~9 % of rendering the text) is almost all repeats. A word's line depends on the word only: each
 * word is an utterance of its own, and flite gave the same line for each of ~5,900 distinct tokens
 * (words, numbers, abbreviations, symbols) spoken alone, first in a file, or among the others in
 * either order. Only words that flite reads as one token are kept: a NUL, made a space for the C
 * string, could split one into two utterances.
 */
export class WordPhonesCache {
  private readonly phones = new Map<string, readonly string[]>();

  /** `capacity` words at most (~100–150 bytes each); past it the longest-kept ones go first. */
  constructor(private readonly capacity = 10_000) {}

  /** The phones of each word, undefined for the words never seen (or not kept). */
  lookup(words: readonly string[]): (readonly string[] | undefined)[] {
    return words.map((word) => this.phones.get(word));
  }

  /** Keeps the phones of words whose run gave one line per word. */
  remember(words: readonly string[], lines: readonly (readonly string[])[]): void {
    if (words.length !== lines.length) return;
    words.forEach((word, i) => {
      if (!keepable(word) || this.phones.has(word)) return;
      if (this.phones.size >= this.capacity) this.phones.delete(this.phones.keys().next().value!);
      this.phones.set(word, lines[i]);
    });
  }
}

function keepable(word: string): boolean {
  return !word.includes('\0');
}

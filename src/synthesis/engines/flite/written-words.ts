/** A word as written in the request text: what Flite calls a token, without its punctuation. */
export interface WrittenWord {
  text: string;
  offset: number;
  length: number;
}

/** Characters that can make a token speakable; anything else at a token's edges is punctuation. */
const speakable = /[\p{L}\p{N}$€£¥%&@#+]/u;

/**
 * Splits text the way Flite does (at whitespace) and trims punctuation from each token's edges,
 * so that `text.slice(offset, offset + length)` is the word as written. Tokens with nothing
 * speakable (dashes, ellipses) are dropped: Flite says nothing for them.
 */
export function writtenWords(text: string): WrittenWord[] {
  const words: WrittenWord[] = [];
  for (const match of text.matchAll(/\S+/gu)) {
    const token = match[0];
    const chars = Array.from(token);
    let first = 0;
    let last = chars.length - 1;
    while (first <= last && !speakable.test(chars[first])) first++;
    while (last >= first && !speakable.test(chars[last])) last--;
    if (first > last) continue;
    const lead = chars.slice(0, first).join('').length;
    const word = chars.slice(first, last + 1).join('');
    words.push({ text: word, offset: match.index! + lead, length: word.length });
  }
  return words;
}

import { atWordStart, type Rule, type RuleContext } from './rule-context.js';

const url = /(?:(?:https?|ftp):\/\/|www\.)[^\s<>"'`]+/iuy;
const email = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?![\p{L}\p{N}])/uy;
// Punctuation that ends the sentence rather than the address: "see www.example.com."
const trailingPunctuation = /[.,;:!?)\]}'"»」』】）。、]+$/u;
const scheme = /^(?:https?|ftp):\/\//iu;

/** "https://www.example.com/docs" → "w w w dot example dot com slash docs". */
export const webAddressRule: Rule = (text, start, context) => {
  if (!atWordStart(text, start)) return null;
  const first = text[start];
  if (first === 'h' || first === 'H' || first === 'f' || first === 'F' || first === 'w' || first === 'W') {
    url.lastIndex = start;
    const match = url.exec(text);
    if (match) {
      const address = match[0].replace(trailingPunctuation, '');
      const body = address.replace(scheme, '').replace(/\/+$/u, '');
      if (body.length > 0 && /[\p{L}\p{N}]/u.test(body)) {
        return { end: start + address.length, spoken: speakAddress(body, context) };
      }
    }
  }
  email.lastIndex = start;
  const mail = email.exec(text);
  if (mail) return { end: start + mail[0].length, spoken: speakAddress(mail[0], context) };
  return null;
};

function speakAddress(address: string, context: RuleContext): string {
  const words = context.symbols;
  const separatorWords: Record<string, string | undefined> = {
    '.': words.dot,
    '/': words.slash,
    '-': words.dash,
    '_': words.underscore,
    // Without a word for it, "@" stays: the engine names it, and the address stays recognisable.
    '@': words.at ?? '@',
  };
  const spoken: string[] = [];
  for (const piece of address.match(/[\p{L}\p{M}]+|\p{N}+|[^\p{L}\p{M}\p{N}]/gu) ?? []) {
    if (/^\p{N}+$/u.test(piece)) {
      spoken.push(context.speller?.integer(piece) ?? piece);
    } else if (/^[\p{L}\p{M}]+$/u.test(piece)) {
      // "www" is said letter by letter everywhere.
      spoken.push(/^www$/iu.test(piece) ? [...piece].join(' ') : piece);
    } else {
      const word = separatorWords[piece];
      if (word) spoken.push(word);
    }
  }
  return spoken.join(' ');
}

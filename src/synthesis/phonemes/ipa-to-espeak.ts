/**
 * IPA → eSpeak NG phoneme mnemonics, the names eSpeak reads between `[[` and `]]`.
 *
 * eSpeak names its phonemes per language table, but most names are shared: the base tables every
 * language inherits from (`a e i o u`, `E` ɛ, `O` ɔ, `@` ə, `Y` ø, `W` œ, `T` θ, `S` ʃ, `n^` ɲ, …),
 * and English has its own vowels and diphthongs (`eI`, `oU`, `3:`, `V`, `0`, …). Each IPA symbol has
 * a name for English and one for the other languages; the names were checked against eSpeak's own
 * `-x`/`--ipa` output of real words (docs/text.md). What is not in the table is refused, naming the
 * symbol, so a rule never silently says something else.
 */

export class InvalidPhonemeError extends Error {
  constructor(
    readonly symbol: string,
    readonly ipa: string,
  ) {
    super(`the IPA "${ipa.slice(0, 80)}" has a symbol Orator cannot speak: "${symbol}" (${codePointsOf(symbol)})`);
    this.name = 'InvalidPhonemeError';
  }
}

function codePointsOf(symbol: string): string {
  return [...symbol].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
}

/** [IPA, English name, name in the other languages]. Longer IPA sequences are tried first. */
const symbols: readonly (readonly [string, string, string])[] = [
  // English r-coloured vowels (when no vowel follows: `very` keeps its r) and diphthongs first: one eSpeak phoneme each.
  ['ɑːɹ', 'A@', 'A:r'],
  ['ɔːɹ', 'O@', 'O:r'],
  ['oːɹ', 'o@', 'o:r'],
  ['ɑɹ', 'A@', 'Ar'],
  ['ɔɹ', 'O@', 'Or'],
  ['oɹ', 'o@', 'or'],
  ['ɪɹ', 'i@3', 'Ir'],
  ['ɛɹ', 'e@', 'Er'],
  ['ʊɹ', 'U@', 'Ur'],
  ['eɪ', 'eI', 'eI'],
  ['ei', 'eI', 'ei'],
  ['aɪ', 'aI', 'aI'],
  ['ai', 'aI', 'ai'],
  ['ɑɪ', 'aI', 'aI'],
  ['aʊ', 'aU', 'aU'],
  ['au', 'aU', 'au'],
  ['ɔɪ', 'OI', 'OI'],
  ['oɪ', 'OI', 'oI'],
  ['ɔʏ', 'OI', 'OY'],
  ['ɔø', 'OI', 'OY'],
  ['oʊ', 'oU', 'oU'],
  ['əʊ', 'oU', '@U'],
  ['ɪə', 'i@', 'I@'],
  ['iə', 'i@', 'i@'],
  ['eə', 'e@', 'e@'],
  ['ɛə', 'e@', 'E@'],
  ['ʊə', 'U@', 'U@'],
  ['ɜː', '3:', '3:'],
  ['ɑː', 'A:', 'A:'],
  ['ɔː', 'O:', 'O:'],
  ['iː', 'i:', 'i:'],
  ['uː', 'u:', 'u:'],
  ['aː', 'A:', 'a:'],
  ['eː', 'e:', 'e:'],
  ['ɛː', 'E:', 'E:'],
  ['oː', 'o:', 'o:'],
  ['yː', 'y:', 'y:'],
  ['øː', 'Y:', 'Y:'],
  ['œː', 'W:', 'W:'],
  ['ɑ̃', 'A~', 'A~'],
  ['ɛ̃', 'E~', 'E~'],
  ['ɔ̃', 'O~', 'O~'],
  ['œ̃', 'W~', 'W~'],
  ['n̩', 'n-', 'n-'],
  ['l̩', '@L', '@L'],
  ['tʃ', 'tS', 'tS'],
  ['dʒ', 'dZ', 'dZ'],
  ['ts', 'ts', 'ts'],
  ['dz', 'dz', 'dz'],
  ['pf', 'pf', 'pf'],
  // Vowels.
  ['ə', '@', '@'],
  ['ɚ', '3', '3'],
  ['ɝ', '3:', '3:'],
  ['ɜ', '3:', '3'],
  ['ɐ', 'a#', 'a#'],
  ['ɐ̃ʊ̃', 'aU', 'a#U~'],
  ['ɐ̃', 'a', 'a#~'],
  ['æ', 'a', 'a'],
  ['a', 'a', 'a'],
  ['ɑ', 'A:', 'A'],
  ['ɒ', '0', '0'],
  ['ɔ', 'O:', 'O'],
  ['o', 'o', 'o'],
  ['ʌ', 'V', 'V'],
  ['ɛ', 'E', 'E'],
  ['e', 'e', 'e'],
  ['ɪ', 'I', 'I'],
  ['ᵻ', 'I2', 'I'],
  ['ɨ', 'I2', 'i#'],
  ['i', 'i', 'i'],
  ['ʊ', 'U', 'U'],
  ['u', 'u:', 'u'],
  ['ʉ', 'u:', 'u#'],
  ['ɵ', '@', '@'],
  ['y', 'y', 'y'],
  ['ʏ', 'y', 'y'],
  ['ø', 'Y', 'Y'],
  ['œ', 'W', 'W'],
  ['ɯ', 'u:', 'u-'],
  ['ɤ', 'V', 'o-'],
  // Consonants.
  ['p', 'p', 'p'],
  ['b', 'b', 'b'],
  ['t', 't', 't'],
  ['d', 'd', 'd'],
  ['k', 'k', 'k'],
  ['g', 'g', 'g'],
  ['ɡ', 'g', 'g'],
  ['q', 'k', 'q'],
  ['ʔ', '?', '?'],
  ['f', 'f', 'f'],
  ['v', 'v', 'v'],
  ['θ', 'T', 'T'],
  ['ð', 'D', 'D'],
  ['s', 's', 's'],
  ['z', 'z', 'z'],
  ['ʃ', 'S', 'S'],
  ['ʒ', 'Z', 'Z'],
  ['ɕ', 'S', 'S;'],
  ['ʑ', 'Z', 'Z;'],
  ['ç', 'C', 'C'],
  ['ʝ', 'j', 'J'],
  ['x', 'x', 'x'],
  ['ɣ', 'g', 'Q'],
  ['χ', 'x', 'X'],
  ['ʁ', 'r', 'R'],
  ['ʀ', 'r', 'R'],
  ['h', 'h', 'h'],
  ['ɦ', 'h', 'h'],
  ['β', 'v', 'B'],
  ['m', 'm', 'm'],
  ['n', 'n', 'n'],
  ['ŋ', 'N', 'N'],
  ['ɲ', 'n^', 'n^'],
  ['l', 'l', 'l'],
  ['ɫ', 'l', 'l'],
  ['ʎ', 'l^', 'l^'],
  ['ɹ', 'r', 'r'],
  ['r', 'r', 'r'],
  ['ɾ', 't#', 'r'],
  ['w', 'w', 'w'],
  ['ʍ', 'w', 'w'],
  ['j', 'j', 'j'],
  ['c', 'k', 'c'],
  ['ɟ', 'g', 'J'],
  ['ʋ', 'v', 'v'],
];

/**
 * Languages whose tables name a shared sound otherwise (read from eSpeak's `-x` output of their
 * words): French writes its uvular r as `r`, Spanish its trill `R2`, Italian and Portuguese their
 * tap `*`, Portuguese its ɐ `&`. Keyed by ISO 639-1 and 639-3.
 */
const overrides: Record<string, Record<string, string>> = {
  fr: { ʁ: 'r' },
  es: { r: 'R2', ɾ: 'r' },
  it: { ɾ: '*' },
  pt: { ɾ: '*', ɐ: '&', 'ɐ̃': '&~', 'ɐ̃ʊ̃': '&U~' },
};
const iso3: Record<string, string> = { fra: 'fr', spa: 'es', ita: 'it', por: 'pt' };
for (const [code, table] of Object.entries(iso3)) overrides[code] = overrides[table]!;

/** Marks eSpeak has its own names for: stress before a syllable, length after a vowel. */
const marks: Record<string, string> = { 'ˈ': "'", 'ˌ': ',', ' ': ' ', ʲ: ';' };

/**
 * Read and left out, as eSpeak has no phoneme for them: syllable breaks, ties, linking marks,
 * and diacritics that only refine a sound (dental, aspirated, unreleased, …).
 */
const ignored = new Set(['.', '‿', '\u0361', '\u035c', '\u032a', '\u02b0', '\u031a', '\u0325', '\u032f', '\u0329', '\u0303', '\u02d1', 'ʷ', '\u0306', '\u0339', '\u031c']);

/** An r-coloured vowel stays a vowel and an r when a vowel follows. */
const vowels = /^[aeiouyæɑɒɔəɚɛɜɝɪʊʌɐøœɨʉɵɯɤᵻʏ]$/u;

/** The longest IPA sequence in the table. */
const longest = Math.max(...symbols.map(([ipa]) => [...ipa].length));
const byIpa = new Map(symbols.map(([ipa, english, other]) => [ipa, { english, other }]));

/** The IPA as the table reads it: composed (NFD keeps ɑ̃ and ɑ + U+0303 alike), spaces collapsed. */
function canonical(ipa: string): string[] {
  return [...ipa.normalize('NFC').replace(/[\s/[\]]+/gu, ' ').trim()];
}

interface Piece {
  ipa: string;
  english: string;
  other: string;
}

/** The IPA cut into the table's symbols, marks and ignored signs; throws on anything else. */
function pieces(ipa: string): Piece[] {
  const chars = canonical(ipa);
  const out: Piece[] = [];
  for (let at = 0; at < chars.length; ) {
    let found: Piece | null = null;
    for (let length = Math.min(longest, chars.length - at); length > 0 && !found; length--) {
      const candidate = chars.slice(at, at + length).join('');
      const entry = byIpa.get(candidate);
      if (entry && !(candidate.endsWith('ɹ') && length > 1 && vowels.test(chars[at + length] ?? ''))) found = { ipa: candidate, ...entry };
    }
    if (!found) {
      const char = chars[at]!;
      if (marks[char] !== undefined) found = { ipa: char, english: marks[char]!, other: marks[char]! };
      else if (char === 'ː') found = { ipa: char, english: ':', other: ':' };
      else if (ignored.has(char)) found = { ipa: char, english: '', other: '' };
      else throw new InvalidPhonemeError(char, ipa);
    }
    out.push(found);
    at += [...found.ipa].length;
  }
  if (!out.some((p) => p.english !== '' && p.english !== ' ' && p.english !== "'" && p.english !== ',' && p.english !== ':')) {
    throw new InvalidPhonemeError(ipa.trim() === '' ? ' ' : ipa.slice(0, 1), ipa);
  }
  return out;
}

/** Throws InvalidPhonemeError when `ipa` has a symbol the table lacks, or no sound at all. */
export function checkIpa(ipa: string): void {
  pieces(ipa);
}

/**
 * eSpeak's mnemonics for `ipa` in a language (ISO 639-3 or an eSpeak voice name; English has its
 * own names). A length mark after a name that already holds one, or after a consonant, is dropped.
 */
export function ipaToEspeak(ipa: string, language: string): string {
  const primary = language.toLowerCase().split(/[-_+]/u)[0]!;
  const english = primary === 'en' || primary === 'eng';
  const own = overrides[primary] ?? {};
  let out = '';
  for (const piece of pieces(ipa)) {
    const name = own[piece.ipa] ?? (english ? piece.english : piece.other);
    if (name === ':') {
      // English names hold their length (i:, A:); elsewhere a length mark follows vowels and, as
      // Italian's doubled consonants, consonants.
      if (!english && out !== '' && !/[:\s',]$/u.test(out)) out += ':';
      continue;
    }
    out += name;
  }
  return out.replace(/ +/gu, ' ').trim();
}

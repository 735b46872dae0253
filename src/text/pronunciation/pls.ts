import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeXmlEntities } from '../xml-entities.js';
import type { PronunciationRule } from './pronunciation-rule.js';

/** A lexicon Orator cannot read: not well-formed, not PLS, or an alphabet other than IPA. */
export class LexiconError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  trimValues: true,
  parseTagValue: false,
  parseAttributeValue: false,
  // Decoded here instead (decodeXmlEntities): the parser leaves character references such as
  // &#x0259;, which PLS lexicons use for IPA, undecoded.
  processEntities: false,
  isArray: (name) => ['lexeme', 'grapheme', 'phoneme', 'alias'].includes(name),
});

const decoded = (raw: string) => decodeXmlEntities(raw, (message) => new LexiconError(message));
const textOf = (value: unknown): string => decoded(typeof value === 'object' && value !== null ? String((value as Record<string, unknown>)['#text'] ?? '') : String(value ?? '')).trim();
const attributeOf = (node: unknown, name: string): string | undefined => {
  const raw = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[`@${name}`] : undefined;
  return raw === undefined ? undefined : decoded(String(raw)).trim();
};

/**
 * The rules of a W3C Pronunciation Lexicon (PLS 1.0): each lexeme's graphemes become rules, an
 * `alias` taking precedence over a `phoneme` (of several, the one marked `prefer="true"`, else the
 * first, as PLS says). The lexicon's alphabet, or a phoneme's own, must be IPA.
 */
export function rulesFromLexicon(xml: string): PronunciationRule[] {
  if (/<!DOCTYPE|<!ENTITY/iu.test(xml)) throw new LexiconError('DOCTYPE and entity declarations are not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new LexiconError(`${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  const lexicon = (parser.parse(xml) as Record<string, unknown>).lexicon as Record<string, unknown> | undefined;
  if (!lexicon || typeof lexicon !== 'object') throw new LexiconError('the document is not a PLS lexicon (no lexicon element)');
  const alphabet = attributeOf(lexicon, 'alphabet') ?? 'ipa';
  const rules: PronunciationRule[] = [];
  for (const lexeme of (lexicon.lexeme ?? []) as Record<string, unknown>[]) {
    const graphemes = ((lexeme.grapheme ?? []) as unknown[]).map(textOf).filter((g) => g !== '');
    if (graphemes.length === 0) throw new LexiconError('a lexeme has no grapheme');
    const alias = ((lexeme.alias ?? []) as unknown[]).map(textOf).find((a) => a !== '');
    const phonemes = ((lexeme.phoneme ?? []) as unknown[]).filter((p) => textOf(p) !== '');
    // A phoneme may name its own alphabet; those in another alphabet than IPA are passed over
    // when the lexeme has one in IPA, and refused, naming the alphabet, when it has none.
    const ipa = phonemes.filter((p) => (attributeOf(p, 'alphabet') ?? alphabet) === 'ipa');
    // PLS: the pronunciation marked prefer="true" is the one to speak, else the first.
    const phoneme = ipa.find((p) => attributeOf(p, 'prefer') === 'true') ?? ipa[0];
    for (const grapheme of graphemes) {
      if (alias !== undefined) rules.push({ stringToReplace: grapheme, type: 'alias', alias });
      else if (phoneme !== undefined) rules.push({ stringToReplace: grapheme, type: 'phoneme', phoneme: textOf(phoneme), alphabet: 'ipa' });
      else if (phonemes.length > 0) {
        const other = attributeOf(phonemes[0], 'alphabet') ?? alphabet;
        throw new LexiconError(`the lexeme of "${grapheme.slice(0, 40)}" is in alphabet "${other.slice(0, 40)}", which Orator does not take: only ipa`);
      } else throw new LexiconError(`the lexeme of "${grapheme.slice(0, 40)}" has neither phoneme nor alias`);
    }
  }
  return rules;
}

const xmlText = (s: string) => s.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');

/** Rules → a PLS 1.0 lexicon (what `…/download` answers). `language`: the lexicon's xml:lang. */
export function lexiconOf(rules: readonly PronunciationRule[], language = 'en-US'): string {
  const lexemes = rules.map((rule) => {
    const said = rule.type === 'alias' ? `<alias>${xmlText(rule.alias)}</alias>` : `<phoneme>${xmlText(rule.phoneme)}</phoneme>`;
    return `  <lexeme>\n    <grapheme>${xmlText(rule.stringToReplace)}</grapheme>\n    ${said}\n  </lexeme>\n`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="${xmlText(language)}">\n` +
    lexemes.join('') +
    '</lexicon>\n'
  );
}

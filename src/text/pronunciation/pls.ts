import { XMLParser, XMLValidator } from 'fast-xml-parser';
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
  processEntities: true,
  isArray: (name) => ['lexeme', 'grapheme', 'phoneme', 'alias'].includes(name),
});

const textOf = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as Record<string, unknown>)['#text'] ?? '') : String(value ?? '')).trim();

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
  const alphabet = String(lexicon['@alphabet'] ?? 'ipa');
  const rules: PronunciationRule[] = [];
  for (const lexeme of (lexicon.lexeme ?? []) as Record<string, unknown>[]) {
    const graphemes = ((lexeme.grapheme ?? []) as unknown[]).map(textOf).filter((g) => g !== '');
    if (graphemes.length === 0) throw new LexiconError('a lexeme has no grapheme');
    const alias = ((lexeme.alias ?? []) as unknown[]).map(textOf).find((a) => a !== '');
    const phonemes = ((lexeme.phoneme ?? []) as unknown[]).filter((p) => textOf(p) !== '');
    // PLS: the pronunciation marked prefer="true" is the one to speak, else the first.
    const phonemeNode = phonemes.find((p) => typeof p === 'object' && p !== null && (p as Record<string, unknown>)['@prefer'] === 'true') ?? phonemes[0];
    for (const grapheme of graphemes) {
      if (alias !== undefined) rules.push({ stringToReplace: grapheme, type: 'alias', alias });
      else if (phonemeNode !== undefined) {
        const own = typeof phonemeNode === 'object' && phonemeNode !== null ? (phonemeNode as Record<string, unknown>)['@alphabet'] : undefined;
        const used = String(own ?? alphabet);
        if (used !== 'ipa') throw new LexiconError(`alphabet "${used.slice(0, 40)}" is not taken: only ipa`);
        rules.push({ stringToReplace: grapheme, type: 'phoneme', phoneme: textOf(phonemeNode), alphabet: 'ipa' });
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

/**
 * A rule of a pronunciation dictionary, as ElevenLabs writes them: a string and what to say
 * instead, either an alias (another spelling, spoken as written) or a phoneme string (IPA).
 * `caseSensitive` defaults to false and `wordBoundaries` to true: a rule replaces whole words,
 * whatever their case, unless it says otherwise.
 */
export type PronunciationRule =
  | { stringToReplace: string; type: 'alias'; alias: string; caseSensitive?: boolean; wordBoundaries?: boolean }
  | { stringToReplace: string; type: 'phoneme'; phoneme: string; alphabet: 'ipa'; caseSensitive?: boolean; wordBoundaries?: boolean };

/** What a rule costs in a plan's byte allowance: the UTF-8 bytes of its strings. */
export function ruleBytes(rule: PronunciationRule): number {
  const said = rule.type === 'alias' ? rule.alias : rule.phoneme;
  return Buffer.byteLength(rule.stringToReplace) + Buffer.byteLength(said);
}

/** Why a dictionary request was refused, in domain terms (each interface maps them to its statuses). */
export type PronunciationDictionaryErrorCode =
  /** No dictionary (or version) of that id for this account: another account's is not found either. */
  | 'dictionary_not_found'
  | 'version_not_found'
  /** A rule or field out of shape (empty string, unknown type, an alphabet other than ipa). */
  | 'invalid_rules'
  /** A phoneme rule's IPA has a symbol Orator cannot speak (the message names it). */
  | 'invalid_phoneme'
  /** An uploaded lexicon that is not a readable PLS document. */
  | 'invalid_lexicon'
  /** The plan's number of dictionaries, rules per dictionary or bytes per dictionary. */
  | 'dictionary_limit_reached'
  /** More dictionaries named, or set as default, than a synthesis applies. */
  | 'too_many_dictionaries'
  /** Another change to the same dictionary came first. */
  | 'version_conflict';

export class PronunciationDictionaryError extends Error {
  constructor(
    readonly code: PronunciationDictionaryErrorCode,
    message: string,
  ) {
    super(message);
  }
}

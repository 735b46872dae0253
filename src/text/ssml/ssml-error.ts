/** Why an SSML document cannot be read, in domain terms; each interface renders it as its own 4xx. */
export type SsmlErrorCode =
  /** Not well-formed XML (or a construct refused outright: DOCTYPE, entities, processing instructions). */
  | 'malformed'
  | 'unknown_element'
  | 'unknown_attribute'
  /** An attribute value or element content out of range or not understood. */
  | 'invalid_value'
  /** A phoneme element's IPA has a symbol Orator cannot speak. */
  | 'invalid_phoneme'
  /** An element Orator knows and does not take (voice). */
  | 'refused_element'
  /** Past the nesting or element bounds. */
  | 'too_large';

export class SsmlError extends Error {
  constructor(
    readonly code: SsmlErrorCode,
    message: string,
  ) {
    super(`SSML: ${message}`);
    this.name = 'SsmlError';
  }
}

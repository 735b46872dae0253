/** Why timings cannot be captioned, in domain terms; each interface renders it as its own 4xx. */
export type CaptionErrorCode = 'no_segments' | 'empty_segments' | 'invalid_limit';

export class CaptionError extends Error {
  constructor(
    readonly code: CaptionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CaptionError';
  }
}

/**
 * Why a speak, an upload slot or a speak's audio was refused, in domain terms. Services know no
 * HTTP: the earlier interface's renderer (http/earlier/render-error.ts) maps each code to its
 * status and `error_code` (`invalid_field` → 400 `app/invalid/<field>`, and so on).
 */
export type SpeakErrorCode =
  /** A field's value cannot be used; `field` names it. */
  | 'invalid_field'
  /** A field the request needs is absent; `field` names it. */
  | 'missing_field'
  | 'not_found'
  | 'forbidden'
  | 'insufficient_credit'
  /** Over the plan's synthesis rate; `retryAfterSeconds` says when to come back. */
  | 'rate_limited'
  /** All of the plan's `concurrency_limit` slots are busy; `retryAfterSeconds` says when to try again. */
  | 'too_many_concurrent'
  /** The synthesis ran past its time budget and was stopped; `retryAfterSeconds` set. */
  | 'synthesis_timed_out'
  /** A neural voice whose model the server cannot use now; `retryAfterSeconds` set. */
  | 'voice_unavailable'
  | 'file_too_large'
  /** Over the plan's upload slots (open at once, or new per hour); `retryAfterSeconds` says when. */
  | 'upload_limit'
  /** The account's kept uploads would pass the plan's `upload_bytes`. */
  | 'storage_full'
  | 'unsupported_audio_format';

export class SpeakError extends Error {
  constructor(
    readonly code: SpeakErrorCode,
    message: string,
    readonly details: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'SpeakError';
  }

  get field(): string | undefined {
    return this.details.field;
  }

  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }
}

export const rejections = {
  invalid: (field: string, message: string) => new SpeakError('invalid_field', message, { field }),
  missing: (field: string) => new SpeakError('missing_field', `${field} is required`, { field }),
  notFound: (message = 'No speak at this address') => new SpeakError('not_found', message),
  forbidden: (message: string) => new SpeakError('forbidden', message),
  insufficientCredit: () => new SpeakError('insufficient_credit', 'Insufficient credit'),
  tooManyRequests: (retryAfterSeconds: number) => new SpeakError('rate_limited', 'Too many synthesis requests; retry later', { retryAfterSeconds }),
  tooManyConcurrent: (limit: number, retryAfterSeconds: number) =>
    new SpeakError('too_many_concurrent', `Too many simultaneous requests: the plan allows ${limit} at a time`, { retryAfterSeconds }),
  timedOut: (message: string, retryAfterSeconds: number) => new SpeakError('synthesis_timed_out', message, { retryAfterSeconds }),
  voiceUnavailable: (message: string, retryAfterSeconds: number) => new SpeakError('voice_unavailable', message, { retryAfterSeconds }),
  fileTooLarge: (maxBytes: number) => new SpeakError('file_too_large', `The file is larger than ${maxBytes} bytes`),
  uploadLimit: (message: string, retryAfterSeconds: number) => new SpeakError('upload_limit', message, { retryAfterSeconds }),
  storageFull: (maxBytes: number) =>
    new SpeakError('storage_full', `The account's uploads would pass the ${maxBytes} bytes its plan keeps; earlier uploads are removed after their retention period`),
  unsupportedAudioFormat: (message: string) => new SpeakError('unsupported_audio_format', message),
};

/** Why audio could not be decoded; each maps to a message that is safe to show to the uploader. */
export type AudioDecodeFailure = 'empty' | 'unrecognized' | 'truncated' | 'corrupt' | 'unsupported';

/**
 * The only error the decoders throw for bad input. Its message names the problem in general terms
 * and never echoes the input's bytes, so it can go into an API response as is.
 */
export class AudioDecodeError extends Error {
  readonly reason: AudioDecodeFailure;

  constructor(reason: AudioDecodeFailure, message: string) {
    super(message);
    this.name = 'AudioDecodeError';
    this.reason = reason;
  }
}

/** Accepts what callers hold (Buffer, Uint8Array, ArrayBuffer) as one byte view without copying. */
export function asBytes(input: Uint8Array | ArrayBuffer): Uint8Array {
  return input instanceof Uint8Array ? input : new Uint8Array(input);
}

/**
 * Why an uploaded recording cannot make a voice. Each reason has a message safe to show the
 * uploader; the services map reasons to their answers (400 for all of them on the current interface).
 */
export type UploadRejectionReason =
  | 'unreadable' // empty, not WAV/MP3, truncated, corrupt or an unsupported sample layout
  | 'too_short'
  | 'too_long'
  | 'sample_rate_too_low'
  | 'not_enough_speech';

export class UploadRejection extends Error {
  constructor(
    readonly reason: UploadRejectionReason,
    message: string,
  ) {
    super(message);
    this.name = 'UploadRejection';
  }
}

/** What an upload must satisfy; checked while it is read, so a long file is stopped at its limit. */
export interface UploadLimits {
  minSeconds: number;
  maxSeconds: number;
  /** Lowest sample rate accepted (professional clones: 16 kHz). */
  minSampleRate?: number;
}

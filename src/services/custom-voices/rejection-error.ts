import type { UploadRejection } from '../../synthesis/adaptation/upload-rejection.js';
import { CustomVoiceError, type CustomVoiceErrorCode } from './errors.js';

const codes: Record<UploadRejection['reason'], CustomVoiceErrorCode> = {
  unreadable: 'unreadable_audio',
  sample_rate_too_low: 'unreadable_audio',
  too_short: 'audio_too_short',
  too_long: 'audio_too_long',
  not_enough_speech: 'not_enough_speech',
};

/** An upload's rejection as the service's typed error; the message was written to be shown. */
export function rejectionError(rejection: UploadRejection): CustomVoiceError {
  return new CustomVoiceError(codes[rejection.reason], rejection.message);
}

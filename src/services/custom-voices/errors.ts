/**
 * Every way a custom-voice request can be refused, each with the status decisions §1 gives it,
 * so a route maps it in one line: 422 → FastAPI's field shape (with `field`), others → {detail}.
 */
export type CustomVoiceErrorCode =
  | 'invalid_field' // 422: name not 1–30 chars, model not v21/v30, language unknown
  | 'file_too_large' // 400
  | 'unreadable_audio' // 400: empty, not WAV/MP3, truncated, corrupt, unsupported layout or rate
  | 'audio_too_short' // 400
  | 'audio_too_long' // 400
  | 'not_enough_speech' // 400
  | 'cloning_not_allowed' // 403
  | 'no_free_slot' // 403
  | 'no_generations_left' // 403: professional trainings of the period used up
  | 'too_many_clones' // 429
  | 'voice_not_found'; // 404

const statuses: Record<CustomVoiceErrorCode, number> = {
  invalid_field: 422,
  file_too_large: 400,
  unreadable_audio: 400,
  audio_too_short: 400,
  audio_too_long: 400,
  not_enough_speech: 400,
  cloning_not_allowed: 403,
  no_free_slot: 403,
  no_generations_left: 403,
  too_many_clones: 429,
  voice_not_found: 404,
};

export class CustomVoiceError extends Error {
  /** The HTTP status decided for this refusal. */
  readonly status: number;

  constructor(
    readonly code: CustomVoiceErrorCode,
    message: string,
    /** For `invalid_field`: which body field (`name`, `model`, `language`, `file`). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'CustomVoiceError';
    this.status = statuses[code];
  }
}

export const voiceNotFound = () => new CustomVoiceError('voice_not_found', 'Voice not found');

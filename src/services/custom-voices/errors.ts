/**
 * Every way a custom-voice request can be refused, in domain terms. The current interface's
 * renderer gives each the status decisions §1 decided (noted here): `invalid_field` → FastAPI's
 * 422 field shape (with `field`), the others → {detail}.
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
  | 'analysis_timed_out' // 400: the recording took longer than the analysis budget
  | 'analysis_busy' // 503: too many analyses waiting, all accounts together
  | 'voice_not_found'; // 404

export class CustomVoiceError extends Error {
  constructor(
    readonly code: CustomVoiceErrorCode,
    message: string,
    /** For `invalid_field`: which body field (`name`, `model`, `language`, `file`). */
    readonly field?: string,
    /** For `too_many_clones` (429): whole seconds after which trying again makes sense. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'CustomVoiceError';
  }
}

export const voiceNotFound = () => new CustomVoiceError('voice_not_found', 'Voice not found');

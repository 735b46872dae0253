/**
 * Why a synthesis was refused. Services know no HTTP; the current interface maps these codes to
 * 404, 400, 422 (TEXT_NOT_SYNTHESIZABLE), 402 and 429.
 */
export type SpeechErrorCode =
  | 'voice_not_found'
  | 'model_not_supported'
  | 'emotion_not_supported'
  | 'prompt_not_supported'
  | 'nothing_to_speak'
  | 'insufficient_credit'
  | 'too_many_concurrent';

export class SpeechError extends Error {
  constructor(
    readonly code: SpeechErrorCode,
    message: string,
    /** Where in a composed request the problem is (segment index), when it is in one. */
    readonly segment?: number,
  ) {
    super(message);
  }
}

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
  /** Spelled out, the text would be spoken more than maxSpokenExpansion times as long as it is written. */
  | 'text_expands_too_much'
  /** The text is an SSML document Orator cannot read (malformed, an unknown element or attribute, a value out of range). */
  | 'invalid_ssml'
  /** The synthesis ran past the pool's time budget and was stopped. */
  | 'synthesis_timed_out'
  /** A neural voice whose model the server cannot use now (the operator's to fix). */
  | 'voice_unavailable'
  /** A pronunciation dictionary (or version) the request names is not the account's, or too many are named. */
  | 'pronunciation_dictionary_not_found'
  | 'insufficient_credit'
  | 'too_many_concurrent';

export class SpeechError extends Error {
  constructor(
    readonly code: SpeechErrorCode,
    message: string,
    /** Where in a composed request the problem is (segment index), when it is in one. */
    readonly segment?: number,
    /** For refusals that pass (429): whole seconds after which trying again makes sense. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

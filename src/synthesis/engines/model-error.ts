/** Why a model cannot be used; the message names the file and what is wrong, never a stack. */
export type ModelErrorCode =
  | 'model_missing'
  | 'model_corrupt'
  | 'config_missing'
  | 'config_invalid'
  | 'config_mismatch'
  | 'model_too_big'
  | 'speaker_unknown'
  | 'voices_missing'
  | 'voices_invalid'
  | 'runtime_missing';

export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

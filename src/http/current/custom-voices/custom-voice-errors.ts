import { CustomVoiceError } from '../../../services/custom-voices/index.js';
import { ApiError, ValidationError } from '../../api-error.js';

/**
 * The custom-voice service's refusals in the current interface's terms, for its one error
 * renderer: a field the service refuses (name of blanks only, unknown language) is FastAPI's 422
 * for that field; every other refusal is `{detail}` with the status decisions §1 gives it.
 */
export function toApiError(error: unknown): unknown {
  if (!(error instanceof CustomVoiceError)) return error;
  if (error.status === 422) {
    return new ValidationError([{ loc: ['body', error.field ?? 'file'], msg: `Value error, ${error.message}`, type: 'value_error' }]);
  }
  return new ApiError(error.status, `custom-voice/${error.code}`, error.message);
}

/** Runs a route's work, rethrowing the service's refusals as ApiErrors. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toApiError(error);
  }
}

import { CustomVoiceError } from '../../../services/custom-voices/index.js';
import { customVoiceApiError } from '../error-renderer.js';

/**
 * The custom-voice service's refusals in the current interface's terms, for its one error
 * renderer: a field the service refuses (name of blanks only, unknown language) is FastAPI's 422
 * for that field; every other refusal is `{detail}` with the status decisions §1 gives it.
 */
export function toApiError(error: unknown): unknown {
  if (!(error instanceof CustomVoiceError)) return error;
  return customVoiceApiError(error);
}

/** Runs a route's work, rethrowing the service's refusals as ApiErrors. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toApiError(error);
  }
}

import { EngineTimeoutError } from '../engines/engine-timeout-error.js';
import { ModelError, type ModelErrorCode } from '../engines/model-error.js';

/**
 * A neural voice whose model cannot be used now (removed, corrupt, bigger than MODEL_MEMORY_MB,
 * a speaker it lacks), met while synthesizing in a pool thread. Errors crossing threads keep only
 * their message, so the thread writes the code into it and the pool reads it back.
 */
export class VoiceModelUnavailableError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    /** Names the model's file: for the server's log, never for the client. */
    readonly detail: string,
  ) {
    super(`the voice's model cannot be used on this server (${code})`);
    this.name = 'VoiceModelUnavailableError';
  }
}

const marker = 'orator-voice-model-unavailable:';
const timeoutMarker = 'orator-engine-timeout:';

/** In the pool thread: what to throw for `error` so that the pool can still tell a model failure or an engine's timeout. */
export function crossingThreads(error: unknown): unknown {
  if (error instanceof ModelError) return new Error(`${marker}${error.code}:${error.message}`);
  if (error instanceof EngineTimeoutError) return new Error(`${timeoutMarker}${error.timeoutMs}:${error.engine}`);
  return error;
}

/** In the pool: the error a thread threw, a model failure or an engine's timeout made whole again. */
export function fromThread(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error.message.startsWith(timeoutMarker)) {
    const [ms, engine] = error.message.slice(timeoutMarker.length).split(':');
    return new EngineTimeoutError(engine, Number(ms));
  }
  if (!error.message.startsWith(marker)) return error;
  const rest = error.message.slice(marker.length);
  const colon = rest.indexOf(':');
  return new VoiceModelUnavailableError(rest.slice(0, colon) as ModelErrorCode, rest.slice(colon + 1));
}

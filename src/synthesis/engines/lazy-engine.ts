import type { Engine, EngineName } from './engine.js';

/**
 * An engine whose module is loaded on its first synthesis. Registrations are read by every
 * process that lists voices (the server's main thread among them), but only the pool threads and
 * a few commands synthesize: eSpeak's 840 KB of compiled-to-JavaScript code, Piper's and Kokoro's
 * modules stay out of the processes and threads that never speak.
 */
export function lazyEngine(name: EngineName, load: () => Promise<Engine>): Engine {
  let loading: Promise<Engine> | undefined;
  const engine = (): Promise<Engine> => {
    if (loading === undefined) {
      loading = load();
      // A failed load is tried again by the next synthesis, as a failing constructor would be.
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  return {
    name,
    synthesize: async (request) => (await engine()).synthesize(request),
    close: async () => {
      if (loading) await (await loading.catch(() => undefined))?.close?.();
    },
  };
}

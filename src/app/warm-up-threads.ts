import type { CoreServices } from './services.js';

/**
 * Warms the adaptation and synthesis threads, as a server does before it says it is ready (a
 * first synthesis or clone then costs what the next ones do). Shared with the benches that
 * measure a fresh server's first request.
 *
 * One after the other, the synthesis threads last: side by side on two cores, three threads and
 * V8's compiler jobs for both shared the CPU, and a fresh server's first synthesis read 1.17–1.38×
 * the next (0.88–1.14× without the adaptation warm-up, 2026-11-26), as if eSpeak's optimised
 * code was not ready yet when the pool's warm-up had run its sentences.
 *
 * `signal` (a node told to stop while warming) ends it between its steps with the signal's reason,
 * so threads closed meanwhile are not started again for the rest of it.
 */
export async function warmUpThreads(services: Pick<CoreServices, 'pool' | 'adaptation'>, signal?: AbortSignal): Promise<void> {
  await services.adaptation.warmUp();
  signal?.throwIfAborted();
  await services.pool.warmUp({ signal });
}

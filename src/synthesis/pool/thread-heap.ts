import { setFlagsFromString } from 'node:v8';

/**
 * Old-generation size (MB) below which a synthesis thread's heap does not start a full garbage
 * collection for its own growth.
 *
 * A pool thread holds ~13 MB of live objects (eSpeak's JavaScript and its compiled code) and
 * allocates ~8 MB of short-lived objects per 600-character request. Left to itself, V8 shrinks a
 * new heap's old-generation limit to ~29 MB from its survival rate, and with that little room it
 * starts incremental marking nearly at once: a full collection every ~2 requests, although the old
 * generation never grew past 14 MB. Each one marks and sweeps on V8's helper threads, and throws
 * away optimised code that embeds objects the collection found dead (`wordTimings`, ~120 ms of
 * background compilation each time), so helper threads took ~30 ms of CPU per request (~10 % of
 * the thread's own time). On one thread that lands on the idle core; two threads on two cores pay
 * it out of each other's time. With a 64 MB floor, full collections come from the audio buffers'
 * external memory (V8 collects after every 64 MB of it) or from the pool's idle collection, and
 * the helpers' share fell to ~16–19 ms per request. The cost is memory at peak: audio buffers a
 * scavenge promoted wait longer for a full collection, so two busy threads held ~20–40 MB more,
 * which the pool's idle collection gives back (idle RSS did not grow; docs/performance.md).
 */
export const threadOldSpaceMb = 64;

let configured = false;

/**
 * Sets the heap floor for isolates created from now on: V8 reads it when it makes a thread's heap,
 * so the threads the pool starts next get it, and the main thread's heap, made at start-up, keeps
 * V8's own sizing. Called before the pool starts its threads.
 */
export function configureThreadHeaps(): void {
  if (configured) return;
  configured = true;
  setFlagsFromString(`--initial-old-space-size=${threadOldSpaceMb}`);
}

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/**
 * A full garbage collection of this thread's heap, now (a pool thread's, or the server's main
 * thread once it has started). V8 counts the audio buffers a synthesis
 * drops as external memory and waits for tens of megabytes of them before collecting, and the C
 * allocator of a thread keeps the memory those buffers took; collecting when the thread has no
 * work frees them while they are few (see SynthesisPool). V8 hands out its `gc` function to
 * contexts made after --expose-gc is set, so this thread makes one such context, once.
 */
export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

/**
 * A full collection that also gives the young generation's room back: what V8 does on a "low
 * memory" notification (two or more full collections that compact and shrink), asked for through
 * the inspector protocol of this thread's own isolate (`HeapProfiler.collectGarbage`; no debugger
 * attached, no domain enabled). `gc()` shrinks the young generation only when V8 measured a low
 * allocation rate over the last ~5 s, which a thread that has just booted or worked has not: the
 * main thread kept the 30 MB its boot grew it to whenever the warm-up took less than ~5 s (a quiet
 * machine), a synthesis thread its 8–12 MB, Flite's host its 2 MB (docs/performance.md). A thread
 * that has no inspector (Node built without it) gets `gc()`.
 */
export async function collectGarbageAndShrink(): Promise<void> {
  let session: import('node:inspector').Session | undefined;
  try {
    const { Session } = await import('node:inspector');
    session = new Session();
    session.connect();
    const connected = session;
    await new Promise<void>((resolve, reject) => connected.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())));
  } catch {
    collectGarbage();
  } finally {
    session?.disconnect();
  }
}

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

/**
 * A meeting point for tasks that must each run on a thread of their own: a pool thread runs one
 * task at a time, so when every one of `parties` tasks waits at the barrier until all have arrived,
 * no two of them can be on the same thread. The pool hands tasks to whichever thread is free, and
 * without this a short task sent to "every thread" may run twice on one and never on another (a
 * warm-up round of the pool's threads once ran 28 of its 32 blocks on one of two threads).
 */
export interface ThreadBarrier {
  /** One counter in shared memory: the tasks that have arrived. */
  arrived: Int32Array;
  parties: number;
}

export function threadBarrier(parties: number): ThreadBarrier {
  return { arrived: new Int32Array(new SharedArrayBuffer(4)), parties };
}

/**
 * Arrives, then blocks this thread until every party has, or `timeoutMs` has passed (a thread that
 * never comes, e.g. one being replaced after a failure, must not hold the others forever). True
 * when all arrived.
 */
export function meetAtBarrier(barrier: ThreadBarrier, timeoutMs = 10_000): boolean {
  const { arrived, parties } = barrier;
  let count = Atomics.add(arrived, 0, 1) + 1;
  Atomics.notify(arrived, 0);
  const deadline = performance.now() + timeoutMs;
  while (count < parties) {
    const left = deadline - performance.now();
    if (left <= 0) return false;
    Atomics.wait(arrived, 0, count, left);
    count = Atomics.load(arrived, 0);
  }
  return true;
}

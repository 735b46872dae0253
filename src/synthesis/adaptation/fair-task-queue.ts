/** The analysis queue is full: the server is busy with other clones. */
export class AnalysisQueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`The server is analysing other recordings (${waiting} waiting); try again in a minute.`);
    this.name = 'AnalysisQueueFullError';
  }
}

interface Waiting {
  start(): void;
}

/**
 * Runs tasks of many owners (accounts) on a few slots, fairly: an owner has at most one task
 * running, and when a slot frees, the next owner in turn (round-robin over owners with work
 * waiting) goes, not the owner who queued the most. So one account's uploads delay another's
 * analysis by at most one analysis per slot. At most `maxWaiting` tasks wait in all; past that a
 * task is refused at once (AnalysisQueueFullError) instead of queueing without bound.
 */
export class FairTaskQueue {
  private readonly waiting = new Map<string, Waiting[]>();
  /** Owners with waiting tasks, in turn order. */
  private readonly turns: string[] = [];
  private readonly running = new Set<string>();
  private waitingCount = 0;

  constructor(
    private readonly slots: number,
    readonly maxWaiting: number,
  ) {}

  run<T>(owner: string, task: () => Promise<T>): Promise<T> {
    if (this.waitingCount >= this.maxWaiting) return Promise.reject(new AnalysisQueueFullError(this.waitingCount));
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        start: () => {
          this.running.add(owner);
          const settle = () => {
            this.running.delete(owner);
            // Its next task, queued while this one ran, goes behind every other owner waiting.
            const at = this.turns.indexOf(owner);
            if (at >= 0) this.turns.push(...this.turns.splice(at, 1));
            this.dispatch();
          };
          task().then(
            (value) => {
              settle();
              resolve(value);
            },
            (error: unknown) => {
              settle();
              reject(error);
            },
          );
        },
      };
      const queue = this.waiting.get(owner);
      if (queue) queue.push(entry);
      else {
        this.waiting.set(owner, [entry]);
        this.turns.push(owner);
      }
      this.waitingCount++;
      this.dispatch();
    });
  }

  /** Tasks waiting for a slot (all owners). */
  get queued(): number {
    return this.waitingCount;
  }

  private dispatch(): void {
    while (this.running.size < this.slots) {
      const at = this.turns.findIndex((owner) => !this.running.has(owner));
      if (at < 0) return;
      const [owner] = this.turns.splice(at, 1);
      const queue = this.waiting.get(owner)!;
      const entry = queue.shift()!;
      this.waitingCount--;
      if (queue.length > 0) this.turns.push(owner);
      else this.waiting.delete(owner);
      entry.start();
    }
  }
}

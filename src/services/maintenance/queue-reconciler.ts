import type { Sweep } from './sweep-scheduler.js';

/** A service whose pending work lives in the database and runs as queued jobs. */
export interface PendingWorkSource {
  /** Queues again each pending item whose job is not waiting or running; returns how many were queued. */
  requeuePending(): Promise<number>;
}

/** What one run queued again, per kind of work. */
export type ReconcileReport = Record<string, number>;

/**
 * The database is the truth and the queue is derived: this walks what the database holds as
 * pending (speaks in progress, webhook deliveries, professional trainings) and gives every item
 * without a live job its job again, under its deterministic job id, so a job that still exists is
 * never doubled. It heals a Redis restarted empty (FLUSHALL, no persistence), a restored database
 * backup, an enqueue lost to a Redis blip, or a process that died between its insert and its
 * enqueue. It runs at start and then once per period in the cluster (a `cluster` maintenance
 * sweep, RECONCILE_SECONDS), so a loss heals within that period plus one run.
 */
export class QueueReconciler {
  readonly listeners: Array<(report: ReconcileReport) => void> = [];

  constructor(private readonly sources: Record<string, PendingWorkSource>) {}

  async run(): Promise<ReconcileReport> {
    const report: ReconcileReport = {};
    for (const [kind, source] of Object.entries(this.sources)) report[kind] = await source.requeuePending();
    for (const listener of this.listeners) listener(report);
    return report;
  }

  sweep(periodMs: number): Sweep {
    return { name: 'queue-reconciler', scope: 'cluster', periodMs, run: async () => void (await this.run()) };
  }
}

/** `speaks 3, webhook deliveries 1`: what a run queued again, as one log phrase (null when nothing). */
export function describeReconcile(report: ReconcileReport): string | null {
  const parts = Object.entries(report)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind} ${n}`);
  return parts.length > 0 ? `queue reconciler queued again jobs the queue had lost: ${parts.join(', ')}` : null;
}

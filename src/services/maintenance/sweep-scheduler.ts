import type { Clock } from '../../clock.js';

/**
 * One maintenance sweep. `cluster` sweeps work on shared state (the database, the blob store) and
 * must run once per period in the whole cluster; `node` sweeps clean what only this process sees
 * (its own temp folder) and run in every process.
 */
export interface Sweep {
  name: string;
  scope: 'cluster' | 'node';
  periodMs: number;
  run(): Promise<void>;
}

/** Decides which node runs a cluster sweep in a period (SweepRunRepository in production). */
export interface SweepGate {
  runIfDue(name: string, now: number, periodMs: number, sweep: () => Promise<void>): Promise<boolean>;
}

export interface SweepSchedulerOptions {
  sweeps: Sweep[];
  gate: SweepGate;
  clock: Clock;
  onError: (error: unknown, sweep: string) => void;
  /** How often the timer looks for due sweeps (default: the shortest period). */
  tickMs?: number;
}

/**
 * Runs every maintenance sweep: a `node` sweep each period in this process, a `cluster` sweep
 * each period on whichever node claims the period first (the gate), never twice in a period
 * and never two runs of one sweep at once. Started only in roles that do work (worker, all);
 * `tick()` is what the timer calls, and what tests call by hand with a controllable clock.
 */
export class SweepScheduler {
  private timer: NodeJS.Timeout | null = null;
  /** When this node last tried each sweep (its local schedule; the gate has the cluster's). */
  private readonly lastTried = new Map<string, number>();
  private readonly running = new Map<string, Promise<boolean>>();
  private ticking: Promise<string[]> = Promise.resolve([]);

  constructor(private readonly options: SweepSchedulerOptions) {}

  /** Runs the sweeps due now; resolves with the names of those this node ran. */
  tick(): Promise<string[]> {
    this.ticking = Promise.all(this.options.sweeps.map((sweep) => this.runIfDue(sweep))).then((ran) =>
      this.options.sweeps.filter((_, i) => ran[i]).map((s) => s.name),
    );
    return this.ticking;
  }

  /** Ticks now and then every `tickMs` until stopped. */
  async start(): Promise<void> {
    if (this.timer) return;
    const tickMs = this.options.tickMs ?? Math.min(...this.options.sweeps.map((s) => s.periodMs));
    this.timer = setInterval(() => void this.tick(), tickMs);
    this.timer.unref();
    await this.tick();
  }

  /** Stops the timer and waits for the sweeps running now. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.all(this.running.values());
  }

  private runIfDue(sweep: Sweep): Promise<boolean> {
    const now = this.options.clock.now();
    const last = this.lastTried.get(sweep.name);
    if (this.running.has(sweep.name) || (last !== undefined && now - last < sweep.periodMs)) return Promise.resolve(false);
    this.lastTried.set(sweep.name, now);
    const run = (sweep.scope === 'node' ? sweep.run().then(() => true) : this.options.gate.runIfDue(sweep.name, now, sweep.periodMs, () => sweep.run()))
      .catch((error: unknown) => {
        this.options.onError(error, sweep.name);
        return false;
      })
      .finally(() => this.running.delete(sweep.name));
    this.running.set(sweep.name, run);
    return run;
  }
}

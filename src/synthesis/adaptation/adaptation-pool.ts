import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { servePool, type PoolHelpers } from './pool-port.js';
import type { UploadInfo } from './read-upload.js';
import type { AdaptationOutcome, CloneTask } from './adaptation-tasks.js';
import { UploadRejection, type UploadLimits } from './upload-rejection.js';
import type { VoiceMeasurements } from './voice-analyser.js';
import type { VoiceProfile } from './voice-profile.js';
import { FairTaskQueue } from './fair-task-queue.js';

/** An analysis ran past its time budget and was stopped (its thread ended). */
export class AnalysisTimeoutError extends Error {
  constructor(readonly budgetSeconds: number) {
    super(`The recording could not be analysed within the ${budgetSeconds} s allowed per analysis.`);
    this.name = 'AnalysisTimeoutError';
  }
}

/** Analyses that may wait for a thread, all accounts together; more are refused at once. */
export const maxWaitingAnalyses = 32;

export interface CloneResult {
  info: UploadInfo;
  profile: VoiceProfile;
  measurements: VoiceMeasurements;
  /** Whole task, and the reading and measuring part of it. */
  milliseconds: number;
  analysisMilliseconds: number;
}

/**
 * Threads for voice adaptation, apart from the synthesis pool so a long professional analysis
 * never holds up speech. Threads start on first use and end after a quarter of an hour idle
 * (unless warmUp kept them): cloning is occasional, but a thread keeps its base-voice
 * measurements and its compiled analysis while it lives, which saves the next clone time.
 */
export class AdaptationPool {
  private started: Piscina | null = null;
  /** Set by warmUp: the threads then live as long as the pool. */
  private keepThreads = false;
  private readonly queue: FairTaskQueue;

  /**
   * Tasks reach the threads through a FairTaskQueue keyed by owner (the account): one analysis per
   * account at a time, accounts in turn, at most `maxWaitingAnalyses` waiting. A task is handed to
   * piscina only when a thread is free, so its `budgetSeconds` counts its own running time; past
   * it the thread is ended (piscina starts another) and the task fails with AnalysisTimeoutError.
   */
  /**
   * `synthesisPool` renders the calibration sentences of a clone (its threads have eSpeak warm and
   * render the sentences side by side) and measures blocks of audio when a thread of it is free
   * (pool-port.ts); without it the adaptation thread loads the engine and does everything itself.
   */
  constructor(
    readonly threads = 1,
    public budgetSeconds = 300,
    private readonly synthesisPool?: PoolHelpers,
  ) {
    this.queue = new FairTaskQueue(threads, maxWaitingAnalyses);
  }

  private get piscina(): Piscina {
    this.started ??= new Piscina({
      filename: new URL('./adaptation-worker.js', import.meta.url).href,
      minThreads: this.keepThreads ? this.threads : 0,
      maxThreads: this.threads,
      idleTimeout: 15 * 60_000,
      // Piscina's default parks an idle thread in Atomics.wait, which stops its event loop: the
      // warm-up a fresh thread runs while an upload arrives (analysis-warm-up.ts) needs it running.
      // Clones are long tasks, so the faster hand-over saved nothing.
      atomics: 'disabled',
    });
    return this.started;
  }

  /**
   * Starts a thread now if none runs, without waiting for it: a route calls this as an upload
   * starts arriving, so a thread's start and module loading (~0.1 s quiet, 0.4-0.5 s under load)
   * overlap the upload instead of following it, and the new thread warms its analysis code
   * until the first task comes (analysis-warm-up.ts). A thread started for an upload that is
   * then refused ends idle like any other.
   */
  prepare(): void {
    if (this.started && this.started.threads.length > 0) return;
    this.piscina.run({ kind: 'ready' }).catch(() => undefined);
  }

  /**
   * Starts the threads now, keeps them for the pool's life, and runs each one's analysis warm-up
   * to the end (analysis-warm-up.ts). `orator serve` calls this before it says it is ready, as it
   * warms the synthesis threads: a fresh server's first clone then costs what the next ones do
   * (the thread's start and V8's compiling of the analysis were ~250–550 ms of it,
   * bench:performance clone), for ~18 MB of RSS held by the thread. Call before any other use:
   * a pool already started keeps the threads it was started with.
   */
  async warmUp(): Promise<void> {
    this.keepThreads = true;
    await Promise.all(Array.from({ length: this.threads }, () => this.piscina.run({ kind: 'warm-up' })));
  }

  /** Threads running now (0 before the first use, and after a quarter of an hour idle unless warmUp kept them). */
  get threadCount(): number {
    return this.started?.threads.length ?? 0;
  }

  /** Format, rate and length of an upload on disk, or an UploadRejection. */
  async probe(path: string, limits: UploadLimits, owner = ''): Promise<UploadInfo> {
    const outcome = await this.run(owner, { kind: 'probe', path, limits });
    if (!outcome.ok) throw new UploadRejection(outcome.reason, outcome.message);
    return outcome.info;
  }

  /** Reads, measures and fits a profile to an upload on disk, or an UploadRejection. */
  async clone(path: string, limits: UploadLimits, careful: boolean, owner = ''): Promise<CloneResult> {
    const outcome = await this.runClone(owner, { kind: 'clone', path, limits, careful });
    if (!outcome.ok) throw new UploadRejection(outcome.reason, outcome.message);
    return {
      info: outcome.info,
      profile: outcome.profile!,
      measurements: outcome.measurements!,
      milliseconds: outcome.milliseconds,
      analysisMilliseconds: outcome.analysisMilliseconds ?? outcome.milliseconds,
    };
  }

  private async runClone(owner: string, task: Omit<CloneTask, 'poolPort' | 'poolThreads'>): Promise<AdaptationOutcome> {
    if (!this.synthesisPool) return this.run(owner, task);
    const { port1, port2 } = new MessageChannel();
    servePool(port1, this.synthesisPool);
    try {
      return await this.run(owner, { ...task, poolPort: port2, poolThreads: this.synthesisPool.threads }, [port2]);
    } finally {
      port1.close();
    }
  }

  private run(owner: string, task: object, transferList: Transferable[] = []): Promise<AdaptationOutcome> {
    return this.queue.run(owner, async () => {
      const budgetSeconds = this.budgetSeconds;
      const signal = AbortSignal.timeout(budgetSeconds * 1000);
      try {
        return (await this.piscina.run(task, { signal, transferList } as never)) as AdaptationOutcome;
      } catch (error) {
        throw signal.aborted ? new AnalysisTimeoutError(budgetSeconds) : error;
      }
    });
  }

  async close(): Promise<void> {
    await this.started?.destroy();
    this.started = null;
  }
}

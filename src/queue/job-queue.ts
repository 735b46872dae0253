/**
 * Background work that must survive restarts: webhook deliveries, professional clone training,
 * storing uploads. The embedded implementation is a table in the database (DatabaseJobQueue);
 * the scaled one will be BullMQ on Redis, so this interface only asks for what BullMQ gives:
 * named job types with their own retry policy, per-job attempts, delays, custom job ids for
 * idempotency, worker concurrency, and reading a job's state.
 */

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  attempt: number;
  /**
   * Aborted when the worker stops past its grace period or loses the job's lease (another
   * worker may then be running it); a long handler should check it and give up.
   */
  signal: AbortSignal;
}

/** One kind of job: its name, what it does, and how it retries. Register one object per type. */
export interface JobType<P = unknown> {
  readonly name: string;
  handle(payload: P, context: JobContext): Promise<void>;
  /**
   * Delay before the next attempt after attempt number `attempt` (1-based) failed with `error`;
   * null gives up and leaves the job failed.
   */
  retryDelayMs(attempt: number, error: unknown): number | null;
  /** Cap on attempts, counting runs whose worker died. Default 25. */
  readonly maxAttempts?: number;
  /**
   * How long a claim lasts without renewal (ms). A running handler renews it; if its process
   * dies, another worker takes the job over once it lapses. Default 30 s.
   */
  readonly leaseMs?: number;
}

export interface EnqueueOptions {
  /** Run no earlier than this many ms from now. */
  delayMs?: number;
  /** Idempotency: enqueuing an id that exists (in any state) adds nothing and returns it. */
  jobId?: string;
  /** Overrides the type's maxAttempts for this job. */
  maxAttempts?: number;
  /**
   * Whose job this is (an account id). Jobs of different groups are started fairly: one group's
   * backlog delays another group's job by at most one job per worker slot (docs/security.md,
   * "Fair queues"). Within a group, jobs start in the order they were enqueued.
   */
  group?: string;
}

export interface EnqueueResult {
  id: string;
  /** False when a job with this jobId already existed. */
  created: boolean;
}

export interface JobInfo<P = unknown> {
  id: string;
  type: string;
  payload: P;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  /** When a waiting job becomes due (ms). */
  runAt: number;
  lastError: string | null;
  createdAt: number;
  finishedAt: number | null;
}

export interface StartOptions {
  /** Jobs run at once by this process. Default 1. */
  concurrency?: number;
}

export interface StopOptions {
  /** How long to wait for running handlers before aborting them. Default 10 s. */
  timeoutMs?: number;
}

export interface JobQueue {
  /** Adds a job type; throws if the name is already registered. */
  register<P>(type: JobType<P>): void;
  /** Any process may enqueue, with or without a handler for the type. */
  enqueue<P>(type: string, payload: P, options?: EnqueueOptions): Promise<EnqueueResult>;
  /**
   * Makes sure a job with `options.jobId` is waiting or running (for the reconciler, which
   * rebuilds the queue from what the database holds as pending): enqueues it when no job has the
   * id, or when the one that has it has finished (completed, failed) or lost its data; a waiting
   * or running job is left as it is, so calling it again adds nothing. `created` says whether it
   * enqueued. A job it replaces starts again from attempt 1.
   */
  revive<P>(type: string, payload: P, options: EnqueueOptions & { jobId: string }): Promise<EnqueueResult>;
  /**
   * Starts working. Rejects when unfinished jobs exist of a type nobody registered here, so a
   * forgotten handler is a startup error rather than jobs silently waiting forever.
   */
  start(options?: StartOptions): Promise<void>;
  /** Stops claiming, waits (bounded) for running handlers, then resolves. */
  stop(options?: StopOptions): Promise<void>;
  getJob<P = unknown>(id: string): Promise<JobInfo<P> | null>;
  /**
   * Forgets a job in any state (its owner is being deleted); true when there was one. A handler
   * already running it is not stopped: it must cope with its subject being gone.
   */
  remove(id: string): Promise<boolean>;
  /**
   * Removes up to `limit` jobs that finished (completed or failed for good) before `before` (ms),
   * and with them their ids' idempotency; returns how many. Queues that expire finished jobs by
   * themselves (BullMQ's removeOnComplete/removeOnFail age) answer 0.
   */
  removeFinishedBefore(before: number, limit: number): Promise<number>;
  /** Releases connections (after stop()); the database queue has none of its own. */
  close?(): Promise<void>;
}

export class JobQueueError extends Error {}

/**
 * Thrown by a handler that did not do its work this time and asks to run again after `delayMs`
 * (e.g. its account's share of the workers is taken): the run is not counted as an attempt and
 * no retry delay of the type is spent.
 */
export class JobPostponed extends Error {
  constructor(readonly delayMs: number) {
    super(`postponed by ${delayMs} ms`);
    this.name = 'JobPostponed';
  }
}

/** The rules every queue applies to a job type before registering it. */
export function checkJobType(type: JobType<unknown>): void {
  if (!type.name) throw new JobQueueError('a job type needs a name');
  if (type.maxAttempts !== undefined && !(Number.isInteger(type.maxAttempts) && type.maxAttempts >= 1)) {
    throw new RangeError(`maxAttempts of job type ${type.name} must be a positive integer`);
  }
  if (type.leaseMs !== undefined && !(Number.isInteger(type.leaseMs) && type.leaseMs >= 10)) {
    throw new RangeError(`leaseMs of job type ${type.name} must be an integer of at least 10`);
  }
}

/** Attempts of a job whose type and enqueue say nothing (every queue implementation). */
export const DEFAULT_MAX_ATTEMPTS = 25;
/** A running job's lease when its type says nothing; renewed while the handler runs. */
export const DEFAULT_LEASE_MS = 30_000;
const MAX_ERROR_LENGTH = 2000;

/** A handler's failure as a job keeps it: name and message, cut to a bounded length. */
export function describeJobError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

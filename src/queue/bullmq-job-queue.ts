import { randomBytes } from 'node:crypto';
import { DelayedError, PRIORITY_LIMIT, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { redisOutage } from '../logging/backend-outage.js';
import { openRedis, redisCall } from '../redis/redis-connection.js';
import {
  checkJobType,
  JobPostponed,
  JobQueueError,
  type EnqueueOptions,
  type EnqueueResult,
  type JobInfo,
  type JobQueue,
  type JobState,
  type JobType,
  type StartOptions,
  type StopOptions,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  describeJobError,
} from './job-queue.js';

/** Finished jobs (and the ids that keep enqueues idempotent) are kept this long unless told otherwise (JOB_RETENTION_DAYS). */
const KEEP_FINISHED_SECONDS = 30 * 24 * 3600;

/** What a BullMQ job carries: the payload, and why it was last handed back unfinished. */
interface Envelope {
  p: unknown;
  stopped?: string;
  /** Fair-queuing start tag of a job with a group (see `fairTag`). */
  t?: number;
  /** Runs the handler postponed (JobPostponed): started, but not attempts. */
  n?: number;
}

// Start-time fair queuing on BullMQ's priorities (BullMQ Pro's groups are not open source). One
// hash per job type holds the virtual clock (field `~`, the largest tag started so far) and each
// group's last tag. A new job's tag is the larger of the clock and one past its group's last
// tag; it is added with priority tag+1 (BullMQ starts lower numbers first, FIFO among equals).
const FAIR_TAG = `
local clock = tonumber(redis.call('HGET', KEYS[1], '~') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '-1')
local tag = math.max(clock, last + 1)
redis.call('HSET', KEYS[1], ARGV[1], tag)
return tag`;

// A started job moves the clock up to its tag. When the clock passes half of BullMQ's priority
// range and nothing of the type waits, every tag starts again from 0 (rare: after about a million
// rounds), so priorities never reach the cap, past which jobs would start in plain FIFO order.
const FAIR_START = `
local clock = tonumber(redis.call('HGET', KEYS[1], '~') or '0')
if tonumber(ARGV[1]) > clock then redis.call('HSET', KEYS[1], '~', ARGV[1]) clock = tonumber(ARGV[1]) end
if clock > tonumber(ARGV[2]) and redis.call('ZCARD', KEYS[2]) == 0 and redis.call('LLEN', KEYS[3]) == 0 and redis.call('ZCARD', KEYS[4]) == 0 then
  redis.call('DEL', KEYS[1])
end
return clock`;

export interface BullMQJobQueueOptions {
  /** A connection for enqueuing and reading jobs. */
  redis: Redis;
  /** close() quits `redis` too. Default false. */
  ownsConnection?: boolean;
  /** Where workers open their own blocking connections. */
  redisUrl: string;
  /** Prefix of every Redis key. Default `orator:`; BullMQ's keys go under `<prefix>bull`. */
  prefix?: string;
  /** Errors no caller can receive (a worker's connection, a lost lock). Default: stderr. */
  onError?: (error: unknown, what: string) => void;
  /** Seconds finished jobs and their ids are kept (JOB_RETENTION_DAYS). Default 30 days. */
  keepFinishedSeconds?: number;
}

/**
 * JobQueue on BullMQ: one BullMQ queue per job type (so each type has its own lock duration),
 * and one Worker per registered type in every process that starts.
 *
 * - Retries: the type's `retryDelayMs` is BullMQ's custom backoff, used exactly (no jitter);
 *   null gives up. Attempts count every start, a run whose process died included
 *   (BullMQ's `attemptsStarted`), capped by the job's maxAttempts.
 * - Leases: a job's lock lasts the type's `leaseMs` and the Worker renews it while the handler
 *   runs; when a process dies, another Worker's stalled-job check hands the job back to the
 *   queue once the lock has lapsed, and it runs again.
 * - Fairness: jobs with a group get a start tag (FAIR_TAG) as their BullMQ priority, so a group's
 *   backlog and another group's new job interleave (docs/security.md, "Fair queues").
 * - Idempotency: a job id is taken with SET NX (kept as long as finished jobs are), so an id that
 *   exists in any state adds nothing. BullMQ forbids `:` in ids, so ids are escaped inside it.
 */
export class BullMQJobQueue implements JobQueue {
  private readonly types = new Map<string, JobType<any>>();
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  /** The workers' own connections: BullMQ does not close a connection it was given. */
  private readonly workerConnections: Redis[] = [];
  private readonly running = new Set<AbortController>();
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly bullPrefix: string;
  private readonly onError: (error: unknown, what: string) => void;
  private started = false;
  private readonly keepFinishedSeconds: number;

  constructor(private readonly options: BullMQJobQueueOptions) {
    this.redis = options.redis;
    this.prefix = options.prefix ?? 'orator:';
    this.bullPrefix = `${this.prefix}bull`;
    this.onError = options.onError ?? ((error, what) => redisOutage.clientError(error, `job queue: ${what}`));
    this.keepFinishedSeconds = Math.max(1, Math.round(options.keepFinishedSeconds ?? KEEP_FINISHED_SECONDS));
  }

  /** BullMQ removes finished jobs by their age itself (removeOnComplete/removeOnFail), and the ids expire with them. */
  async removeFinishedBefore(): Promise<number> {
    return 0;
  }

  register<P>(type: JobType<P>): void {
    if (this.types.has(type.name)) throw new JobQueueError(`job type "${type.name}" is already registered`);
    if (this.started) throw new JobQueueError('register job types before start()');
    checkJobType(type);
    // BullMQ builds its Redis keys with ':' as the separator.
    if (type.name.includes(':')) throw new JobQueueError('a job type needs a name without ":"');
    this.types.set(type.name, type);
  }

  async enqueue<P>(type: string, payload: P, options: EnqueueOptions = {}): Promise<EnqueueResult> {
    if (!type || type.includes(':')) throw new JobQueueError('a job type needs a name without ":"');
    const id = options.jobId ?? randomBytes(12).toString('hex');
    const maxAttempts = options.maxAttempts ?? this.types.get(type)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be a positive integer');
    return redisCall('enqueuing a job', async () => {
      await this.redis.sadd(this.typesKey(), type);
      const fresh = await this.redis.set(this.idKey(id), type, 'EX', this.keepFinishedSeconds, 'NX');
      if (fresh !== 'OK') return { id, created: false };
      const envelope: Envelope = { p: payload ?? null };
      let priority: number | undefined;
      if (options.group !== undefined) {
        envelope.t = Number(await this.redis.eval(FAIR_TAG, 1, this.fairKey(type), `g:${options.group}`));
        priority = Math.min(PRIORITY_LIMIT, envelope.t + 1);
      }
      await this.queueFor(type).add(type, envelope, {
        jobId: toBullId(id),
        priority,
        delay: Math.max(0, Math.ceil(options.delayMs ?? 0)),
        attempts: maxAttempts,
        backoff: { type: 'orator' },
        removeOnComplete: { age: this.keepFinishedSeconds },
        removeOnFail: { age: this.keepFinishedSeconds },
      });
      return { id, created: true };
    });
  }

  async revive<P>(type: string, payload: P, options: EnqueueOptions & { jobId: string }): Promise<EnqueueResult> {
    const id = options.jobId;
    const replaced = await redisCall('reviving a job', async () => {
      const known = await this.redis.get(this.idKey(id));
      if (!known) return;
      const job = await this.queueFor(known).getJob(toBullId(id));
      // 'unknown': the job's hash is there but in no list (lost with part of the data).
      const state = job ? await job.getState() : 'unknown';
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return 'live';
      await job?.remove().catch(() => undefined);
      await this.redis.del(this.idKey(id));
    });
    if (replaced === 'live') return { id, created: false };
    // SET NX in enqueue: a racing enqueue of the same id still makes one job.
    return this.enqueue(type, payload, options);
  }

  async start(options: StartOptions = {}): Promise<void> {
    if (this.started) throw new JobQueueError('job queue already started');
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
    const known = await redisCall('reading job types', () => this.redis.smembers(this.typesKey()));
    const orphans: string[] = [];
    for (const name of known.filter((t) => !this.types.has(t))) {
      const counts = await redisCall('counting jobs', () =>
        this.queueFor(name).getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children'),
      );
      if (Object.values(counts).some((n) => n > 0)) orphans.push(name);
    }
    if (orphans.length > 0) throw new JobQueueError(`unfinished jobs of unregistered type(s): ${orphans.sort().join(', ')}`);
    this.started = true;
    for (const type of this.types.values()) {
      const leaseMs = type.leaseMs ?? DEFAULT_LEASE_MS;
      const connection = openRedis(this.options.redisUrl, { blocking: true, name: 'orator-worker' });
      this.workerConnections.push(connection);
      const worker = new Worker(type.name, (job, token, signal) => this.process(type, job, token, signal), {
        connection,
        prefix: this.bullPrefix,
        concurrency,
        lockDuration: leaseMs,
        stalledInterval: leaseMs,
        // A stalled job goes back to the queue; our own cap (attempts started) decides when to stop.
        maxStalledCount: 1_000_000,
        drainDelay: 1,
        settings: {
          backoffStrategy: (_attemptsMade: number, _type: string | undefined, error: Error | undefined, job: unknown) => {
            let delay: number | null = null;
            try {
              delay = type.retryDelayMs(job ? attemptsOf(job as Job) : 1, error);
            } catch (thrown) {
              this.onError(thrown, `retryDelayMs of job type ${type.name} threw`);
            }
            return delay === null || !Number.isFinite(delay) ? -1 : Math.max(0, Math.round(delay));
          },
        },
      });
      worker.on('error', (error) => this.onError(error, `worker of ${type.name}`));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const workers = this.workers.splice(0);
    const closing = Promise.all(workers.map((w) => w.close()));
    let timer: NodeJS.Timeout | undefined;
    const timeoutMs = options.timeoutMs ?? 10_000;
    const late = await Promise.race([
      closing.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (!late) return this.closeWorkerConnections();
    // Past the grace period: abort the handlers; they hand their jobs back (see process()).
    for (const controller of this.running) controller.abort(new JobQueueError('job queue stopped'));
    const handedBack = await Promise.race([
      closing.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    // Handlers that ignore the signal: leave their locks to lapse; another worker takes the jobs over.
    if (!handedBack) await Promise.all(workers.map((w) => w.close(true)));
    this.closeWorkerConnections();
  }

  private closeWorkerConnections(): void {
    for (const connection of this.workerConnections.splice(0)) connection.disconnect();
  }

  /** Closes the queues' handles, and the Redis connection if it owns it. Call after stop(). */
  async close(): Promise<void> {
    await this.stop({ timeoutMs: 0 });
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
    if (this.options.ownsConnection) await this.redis.quit().catch(() => this.redis.disconnect());
  }

  async remove(id: string): Promise<boolean> {
    return redisCall('removing a job', async () => {
      const type = await this.redis.get(this.idKey(id));
      if (!type) return false;
      const job = await this.queueFor(type).getJob(toBullId(id));
      // An active job is locked by its worker: BullMQ refuses to remove it, and it ends by itself.
      await job?.remove().catch(() => undefined);
      await this.redis.del(this.idKey(id));
      return true;
    });
  }

  async getJob<P = unknown>(id: string): Promise<JobInfo<P> | null> {
    return redisCall('reading a job', async () => {
      const type = await this.redis.get(this.idKey(id));
      if (!type) return null;
      const queue = this.queueFor(type);
      const job = await queue.getJob(toBullId(id));
      if (!job) return null;
      const state = toState(await job.getState());
      const envelope = job.data as Envelope;
      let runAt = job.timestamp + (job.opts.delay ?? 0);
      if ((await job.getState()) === 'delayed') {
        const score = await this.redis.zscore(`${this.bullPrefix}:${type}:delayed`, job.id!);
        if (score !== null) runAt = Math.floor(Number(score) / 0x1000);
      }
      const lastError = state === 'completed' ? null : state === 'waiting' && envelope.stopped ? envelope.stopped : (job.failedReason || null);
      return {
        id,
        type,
        payload: envelope.p as P,
        state,
        attempts: attemptsOf(job),
        maxAttempts: job.opts.attempts ?? DEFAULT_MAX_ATTEMPTS,
        runAt,
        lastError,
        createdAt: job.timestamp,
        finishedAt: state === 'completed' || state === 'failed' ? (job.finishedOn ?? null) : null,
      };
    });
  }

  private async process(type: JobType<any>, job: Job, token: string | undefined, bullSignal?: AbortSignal): Promise<void> {
    const attempt = attemptsOf(job);
    const maxAttempts = job.opts.attempts ?? DEFAULT_MAX_ATTEMPTS;
    if (attempt > maxAttempts) {
      // Its last attempt's worker died (the start counted it); there is none left to give.
      throw new UnrecoverableError(`${job.failedReason || 'worker lost'} (no attempts left)`);
    }
    const tag = (job.data as Envelope).t;
    if (tag !== undefined) {
      const keys = ['prioritized', 'wait', 'delayed'].map((list) => `${this.bullPrefix}:${type.name}:${list}`);
      await this.redis.eval(FAIR_START, 4, this.fairKey(type.name), ...keys, String(tag), String(Math.floor(PRIORITY_LIMIT / 2)));
    }
    const controller = new AbortController();
    const lost = () => controller.abort(new JobQueueError(`lost the lease on job ${fromBullId(job.id!)}`));
    bullSignal?.addEventListener('abort', lost, { once: true });
    this.running.add(controller);
    let failure: { error: unknown } | null = null;
    try {
      await type.handle((job.data as Envelope).p, { id: fromBullId(job.id!), attempt, signal: controller.signal });
    } catch (error) {
      failure = { error };
    } finally {
      this.running.delete(controller);
      bullSignal?.removeEventListener('abort', lost);
    }
    if (controller.signal.aborted) {
      // Stopped past the grace period or the lease was lost: the work may be unfinished, so hand
      // the job back to run again at once, without spending a retry delay.
      await job.updateData({ ...(job.data as Envelope), stopped: describeJobError(controller.signal.reason) });
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
    if (failure?.error instanceof JobPostponed) {
      // Not an attempt: counted apart (attemptsOf subtracts it) and back to wait its delay.
      const envelope = job.data as Envelope;
      await job.updateData({ ...envelope, n: (envelope.n ?? 0) + 1 });
      await job.moveToDelayed(Date.now() + Math.max(0, failure.error.delayMs), token);
      throw new DelayedError();
    }
    if (failure) {
      const error = failure.error instanceof Error ? failure.error : new Error(String(failure.error));
      error.message = describeJobError(failure.error);
      throw error;
    }
  }

  private queueFor(type: string): Queue {
    let queue = this.queues.get(type);
    if (!queue) {
      queue = new Queue(type, { connection: this.redis, prefix: this.bullPrefix });
      queue.on('error', (error) => this.onError(error, `queue ${type}`));
      this.queues.set(type, queue);
    }
    return queue;
  }

  private typesKey(): string {
    return `${this.prefix}jobs:types`;
  }

  private fairKey(type: string): string {
    return `${this.prefix}jobs:fair:${type}`;
  }

  private idKey(id: string): string {
    return `${this.prefix}jobs:id:${id}`;
  }
}

/** BullMQ ids may not contain `:` nor be integers: `j.` + the id with `%` and `:` escaped. */
function toBullId(id: string): string {
  return `j.${id.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
}

function fromBullId(bullId: string): string {
  return bullId.slice(2).replace(/%3A/g, ':').replace(/%25/g, '%');
}

/** Attempts of a job: its starts, less the runs that were postponed. */
function attemptsOf(job: Job): number {
  return (job.attemptsStarted ?? 0) - ((job.data as Envelope | undefined)?.n ?? 0);
}

function toState(state: string): JobState {
  if (state === 'active' || state === 'completed' || state === 'failed') return state;
  return 'waiting';
}


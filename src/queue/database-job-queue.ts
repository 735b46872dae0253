import { createHash, randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import { systemClock, type Clock } from '../clock.js';
import { PreparedQuery } from '../repositories/prepared-query.js';
import type { Store } from '../store/database.js';
import type { Listening } from '../store/postgres-listener.js';
import type { Database, JobRow } from '../store/schema.js';
import {
  checkJobType,
  JobPostponed,
  JobQueueError,
  type EnqueueOptions,
  type EnqueueResult,
  type JobInfo,
  type JobQueue,
  type JobType,
  type StartOptions,
  type StopOptions,
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  describeJobError,
} from './job-queue.js';

export interface DatabaseJobQueueOptions {
  clock?: Clock;
  /** How often idle workers look for due jobs (ms). Default 200. */
  pollIntervalMs?: number;
  /** Errors no caller can receive (a failed poll, a failed lease renewal). Default: stderr. */
  onError?: (error: unknown, what: string) => void;
}

interface RunningJob {
  done: Promise<void>;
  controller: AbortController;
  renewal: NodeJS.Timeout;
}

/**
 * JobQueue on the `jobs` table, for one machine or many sharing a database.
 *
 * A worker claims a job with one UPDATE that flips it to `active`, counts the attempt and sets a
 * lease (`locked_until`) and a claim token (`locked_by`). On PostgreSQL the row is picked with
 * FOR UPDATE SKIP LOCKED so concurrent workers take different jobs without waiting on each
 * other; on SQLite a single UPDATE … RETURNING already runs alone. The worker renews the lease
 * while the handler runs; if it dies, the lease lapses and any worker claims the job again.
 * Every later write is fenced by the claim token, so a worker that lost its lease cannot
 * overwrite the state written by the one that took over.
 *
 * Fairness between groups (accounts) is start-time fair queuing: each job gets a start tag
 * (`fair_rank`) when enqueued, the larger of the queue's virtual clock (the largest tag claimed
 * so far, `job_queue_clock`) and one past its group's last unfinished tag; workers claim due jobs
 * in tag order, and a claim moves the clock up to its tag. So a group's backlog holds tags
 * V, V+1, V+2…, and another group's new job gets tag V: it is claimed as soon as a worker slot
 * frees, ahead of the backlog's next job (two backlogs interleave one to one). Jobs without a
 * group get tag V too. A retried job keeps its tag, so it goes first when it is due again.
 *
 * Enqueuing wakes this process's workers at once; on PostgreSQL it also NOTIFYs a channel the
 * workers of every other process LISTEN on, so they take it at once too (the poll stays, for
 * jobs that come due later and for a listener that lost its connection). SQLite has no such
 * signal: other processes notice on their next poll.
 * Processes that only enqueue should still register the job types, because a job's attempt cap
 * is taken from its type when it is enqueued.
 */
export class DatabaseJobQueue implements JobQueue {
  private readonly types = new Map<string, JobType<any>>();
  private readonly running = new Map<string, RunningJob>();
  private readonly clock: Clock;
  private readonly pollIntervalMs: number;
  private readonly onError: (error: unknown, what: string) => void;
  private concurrency = 1;
  private started = false;
  private loop: Promise<void> | null = null;
  private woken = false;
  private wakeSleeper: (() => void) | null = null;
  /**
   * When (performance.now()) the last claim found nothing due, until something may have made a job
   * due: an enqueue here, a NOTIFY from another process, a job put back to wait, or the next poll.
   * A job finishing only frees a slot, so until then the loop does not claim again (each claim that
   * finds nothing is still an UPDATE, a write transaction on SQLite, and a speak's jobs ended in
   * three of them). Jobs that come due with time, or are enqueued by a process that cannot NOTIFY,
   * are found by the poll as before, at most pollIntervalMs after the empty claim.
   */
  private emptyAt: number | null = null;
  /** Counts the signals that something may have come due, so a claim that raced one is not taken as proof of nothing due. */
  private dueSignals = 0;
  /** PostgreSQL: the channel enqueues NOTIFY, so idle workers of other processes wake at once. */
  private readonly channel: string | null;
  private listening: Listening | null = null;
  /**
   * The statements every job runs (enqueue, claim, settle, lease renewal), built and compiled once
   * (PreparedQuery) with the same SQL text each time, so SQLite's statement cache hands back the
   * prepared statement. Kysely built and compiled each of them per call, and the claim inlined
   * `now + lease` into its text, so every claim was a new SQL text, parsed and planned again:
   * together most of a speak job's own CPU on the event loop (docs/performance.md, "Speak jobs").
   */
  private readonly queries: ReturnType<typeof jobQueries>;
  /** The claim per list of types (the worker loop always asks for all registered ones). */
  private readonly claims = new Map<string, PreparedQuery<{ now: number; token: string }, JobRow>>();

  constructor(
    private readonly store: Store,
    options: DatabaseJobQueueOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    // One channel per schema, so deployments (and test schemas) sharing a server do not wake each other.
    this.channel = store.listen ? `orator_jobs_${createHash('sha256').update(store.schema ?? '').digest('hex').slice(0, 16)}` : null;
    this.onError = options.onError ?? ((error, what) => console.error(`job queue: ${what}:`, error));
    this.queries = jobQueries(store);
  }
  async removeFinishedBefore(before: number, limit: number): Promise<number> {
    const ids = this.store.db.selectFrom('jobs').select('id').where('state', 'in', ['completed', 'failed']).where('finished_at', '<', before).limit(limit);
    const result = await this.store.db.deleteFrom('jobs').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }


  register<P>(type: JobType<P>): void {
    if (this.types.has(type.name)) throw new JobQueueError(`job type "${type.name}" is already registered`);
    if (this.started) throw new JobQueueError('register job types before start()');
    checkJobType(type);
    this.types.set(type.name, type);
  }

  async enqueue<P>(type: string, payload: P, options: EnqueueOptions = {}): Promise<EnqueueResult> {
    const now = this.clock.now();
    const id = options.jobId ?? randomBytes(12).toString('hex');
    const maxAttempts = options.maxAttempts ?? this.types.get(type)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be a positive integer');
    const group = options.group ?? null;
    const fairRank = await this.startTag(group);
    const inserted = await this.queries.insert.execute({
      id,
      group,
      fairRank,
      type,
      payload: JSON.stringify(payload ?? null),
      runAt: now + Math.max(0, Math.ceil(options.delayMs ?? 0)),
      maxAttempts,
      now,
    });
    const created = inserted.length > 0;
    if (created) {
      this.wake(true);
      // Workers in other processes (a worker node) would otherwise find it on their next poll.
      if (this.channel) await sql`select pg_notify(${this.channel}, '')`.execute(this.store.db);
    }
    return { id, created };
  }

  async revive<P>(type: string, payload: P, options: EnqueueOptions & { jobId: string }): Promise<EnqueueResult> {
    const now = this.clock.now();
    const id = options.jobId;
    const maxAttempts = options.maxAttempts ?? this.types.get(type)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be a positive integer');
    const group = options.group ?? null;
    const fairRank = await this.startTag(group);
    // One statement: inserted when the id is new, reset to waiting when its job has finished, and
    // left alone (nothing returned) while it waits or runs.
    const row = await this.store.db
      .insertInto('jobs')
      .values({
        id,
        group_key: group,
        fair_rank: fairRank,
        type,
        payload: JSON.stringify(payload ?? null),
        state: 'waiting',
        run_at: now + Math.max(0, Math.ceil(options.delayMs ?? 0)),
        attempts: 0,
        max_attempts: maxAttempts,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({
            group_key: eb.ref('excluded.group_key'),
            fair_rank: eb.ref('excluded.fair_rank'),
            type: eb.ref('excluded.type'),
            payload: eb.ref('excluded.payload'),
            state: 'waiting',
            run_at: eb.ref('excluded.run_at'),
            attempts: 0,
            max_attempts: eb.ref('excluded.max_attempts'),
            locked_by: null,
            locked_until: null,
            last_error: null,
            updated_at: eb.ref('excluded.updated_at'),
            finished_at: null,
          }))
          .where('jobs.state', 'in', ['completed', 'failed']),
      )
      .returning('id')
      .executeTakeFirst();
    const created = row !== undefined;
    if (created) {
      this.wake(true);
      if (this.channel) await sql`select pg_notify(${this.channel}, '')`.execute(this.store.db);
    }
    return { id, created };
  }

  /**
   * A new job's start tag: the virtual clock, or one past the group's last unfinished job when
   * that is later. Two enqueues of one group racing may get the same tag; ties go by run_at and
   * id, so that costs nothing but strict order between those two.
   */
  private async startTag(group: string | null): Promise<number> {
    const clock = await this.queries.virtualTime.first({});
    const virtualTime = Number(clock?.virtual_time ?? 0);
    if (group === null) return virtualTime;
    const last = await this.queries.lastTag.first({ group });
    const lastTag = last?.last === null || last?.last === undefined ? null : Number(last.last);
    return lastTag === null ? virtualTime : Math.max(virtualTime, lastTag + 1);
  }

  async start(options: StartOptions = {}): Promise<void> {
    if (this.started) throw new JobQueueError('job queue already started');
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
    const pending = await this.store.db
      .selectFrom('jobs')
      .select('type')
      .distinct()
      .where('state', 'in', ['waiting', 'active'])
      .execute();
    const orphans = pending.map((r) => r.type).filter((t) => !this.types.has(t));
    if (orphans.length > 0) {
      throw new JobQueueError(`unfinished jobs of unregistered type(s): ${orphans.sort().join(', ')}`);
    }
    this.concurrency = concurrency;
    this.started = true;
    if (this.channel && this.store.listen) this.listening = this.store.listen(this.channel, () => this.wake(true));
    this.loop = this.work();
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.listening?.close();
    this.listening = null;
    this.wake();
    await this.loop;
    this.loop = null;
    const jobs = [...this.running.values()];
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), options.timeoutMs ?? 10_000);
    });
    const finished = Promise.all(jobs.map((j) => j.done)).then(() => false);
    const late = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    if (late) {
      // Stop renewing so the leases lapse and another worker can take these jobs over.
      for (const job of this.running.values()) {
        clearInterval(job.renewal);
        job.controller.abort(new JobQueueError('job queue stopped'));
      }
    }
  }

  async getJob<P = unknown>(id: string): Promise<JobInfo<P> | null> {
    const row = await this.store.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toInfo<P>(row) : null;
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.store.db.deleteFrom('jobs').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes completed and failed jobs that finished before `before` (ms). Returns how many. */
  async removeFinished(before: number): Promise<number> {
    const result = await this.store.db
      .deleteFrom('jobs')
      .where('state', 'in', ['completed', 'failed'])
      .where('finished_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Claims the next due job of a registered type (or of `types`) without running it. The
   * worker loop's own step; public so tests can play a worker that claims a job and dies.
   */
  async claimNext(types: readonly string[] = [...this.types.keys()]): Promise<JobRow | null> {
    if (types.length === 0) return null;
    const now = this.clock.now();
    const token = randomBytes(12).toString('hex');
    // The leases are part of the statement's text, so they are part of its key.
    const key = types.map((name) => `${name}\u0000${this.types.get(name)?.leaseMs ?? DEFAULT_LEASE_MS}`).join('\u0000');
    let claim = this.claims.get(key);
    if (claim === undefined) {
      claim = this.claimQuery(types);
      this.claims.set(key, claim);
    }
    const row = await claim.first({ now, token });
    if (!row) return null;
    // The virtual clock only moves forward; a retried job's older tag leaves it where it is.
    await this.queries.advanceClock.execute({ tag: row.fair_rank });
    return row;
  }

  /** The claim of the next due job among `types`, as one statement whose text depends only on the types. */
  private claimQuery(types: readonly string[]): PreparedQuery<{ now: number; token: string }, JobRow> {
    return new PreparedQuery(this.store.db, (param) => {
      const now = param('now');
      const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
        eb.or([
          eb.and([eb('state', '=', 'waiting'), eb('run_at', '<=', now)]),
          eb.and([eb('state', '=', 'active'), eb('locked_until', '<', now)]),
        ]);
      return this.store.db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'active',
          attempts: eb('attempts', '+', 1),
          locked_by: param('token'),
          locked_until: this.leaseEnd(types, now),
          updated_at: now,
        }))
        .where('id', '=', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('type', 'in', types)
            .where(due)
            .orderBy('fair_rank')
            .orderBy('run_at')
            .orderBy('id')
            .limit(1)
            .$if(this.store.dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .returningAll();
    });
  }

  /**
   * now + the lease of the claimed row's own type, chosen in SQL since the row is not known
   * yet. The leases are our own integers, inlined (they are fixed per type, so the text stays the
   * same); `now` is a parameter, cast so PostgreSQL types the sum as bigint.
   */
  private leaseEnd(types: readonly string[], now: number) {
    const whens = types.map((name) => {
      const lease = this.types.get(name)?.leaseMs ?? DEFAULT_LEASE_MS;
      return sql`when type = ${name} then ${sql.lit(lease)}`;
    });
    return sql<number>`cast(${now} as bigint) + case ${sql.join(whens, sql` `)} else ${sql.lit(DEFAULT_LEASE_MS)} end`;
  }

  private async work(): Promise<void> {
    this.emptyAt = null;
    while (this.started) {
      let wait = this.pollIntervalMs;
      while (this.started && this.running.size < this.concurrency) {
        if (this.emptyAt !== null) {
          // Nothing was due at the last claim and nothing new is known: wait for the poll it is owed.
          wait = Math.max(0, this.emptyAt + this.pollIntervalMs - performance.now());
          break;
        }
        let job: JobRow | null;
        const signals = this.dueSignals;
        try {
          job = await this.claimNext();
        } catch (error) {
          this.onError(error, 'claiming a job failed');
          break;
        }
        if (!job) {
          if (signals === this.dueSignals) this.emptyAt = performance.now();
          break;
        }
        this.run(job);
      }
      await this.sleep(wait);
    }
  }

  private run(job: JobRow): void {
    const type = this.types.get(job.type)!;
    const leaseMs = type.leaseMs ?? DEFAULT_LEASE_MS;
    const controller = new AbortController();
    const renewal = setInterval(() => void this.renew(job, leaseMs, controller), Math.max(10, Math.floor(leaseMs / 3)));
    const done = this.execute(job, type, controller.signal).finally(() => {
      clearInterval(renewal);
      this.running.delete(job.locked_by!);
      this.wake();
    });
    this.running.set(job.locked_by!, { done, controller, renewal });
  }

  private async execute(job: JobRow, type: JobType<any>, signal: AbortSignal): Promise<void> {
    try {
      if (job.attempts > job.max_attempts) {
        // Its last attempt's worker died (the claim counted it); there is none left to give.
        await this.settle(job, { state: 'failed', last_error: `${job.last_error ?? 'worker lost'} (no attempts left)` });
        return;
      }
      let failure: { error: unknown } | null = null;
      try {
        await type.handle(JSON.parse(job.payload), { id: job.id, attempt: job.attempts, signal });
      } catch (error) {
        failure = { error };
      }
      if (signal.aborted) {
        // Stopped past the grace period (or the lease was lost, and then this write is fenced
        // out): whatever the handler returned, the work may be unfinished, so run it again.
        await this.settle(job, { state: 'waiting', last_error: describeJobError(signal.reason), run_at: this.clock.now() });
        return;
      }
      if (!failure) {
        await this.settle(job, { state: 'completed', last_error: null });
        return;
      }
      if (failure.error instanceof JobPostponed) {
        // Not an attempt: the claim's count is taken back, and the job waits its delay.
        this.mayBeDue();
        await this.queries.postpone.execute({ id: job.id, token: job.locked_by, now: this.clock.now(), runAt: this.clock.now() + Math.max(0, failure.error.delayMs) });
        return;
      }
      const message = describeJobError(failure.error);
      let delay: number | null = null;
      if (job.attempts < job.max_attempts) {
        try {
          delay = type.retryDelayMs(job.attempts, failure.error);
        } catch (error) {
          this.onError(error, `retryDelayMs of job type ${job.type} threw`);
        }
      }
      if (delay === null || !Number.isFinite(delay)) {
        await this.settle(job, { state: 'failed', last_error: message });
      } else {
        await this.settle(job, { state: 'waiting', last_error: message, run_at: this.clock.now() + Math.max(0, delay) });
      }
    } catch (error) {
      // Writing the outcome failed; the lease will lapse and the job will run again.
      this.onError(error, `recording the outcome of job ${job.id} failed`);
    }
  }

  private async settle(
    job: JobRow,
    outcome: { state: 'completed' | 'failed' | 'waiting'; last_error: string | null; run_at?: number },
  ): Promise<void> {
    const now = this.clock.now();
    // Put back to wait: due now (a stopped run) or later, so the next claim must not be skipped.
    if (outcome.state === 'waiting') this.mayBeDue();
    await this.queries.settle.execute({
      id: job.id,
      token: job.locked_by,
      state: outcome.state,
      lastError: outcome.last_error,
      now,
      runAt: outcome.run_at ?? null,
      finishedAt: outcome.state === 'waiting' ? null : now,
    });
  }

  private async renew(job: JobRow, leaseMs: number, controller: AbortController): Promise<void> {
    if (controller.signal.aborted) return;
    try {
      const now = this.clock.now();
      const renewed = await this.queries.renew.execute({ id: job.id, token: job.locked_by, lockedUntil: now + leaseMs, now });
      if (renewed.length === 0) controller.abort(new JobQueueError(`lost the lease on job ${job.id}`));
    } catch (error) {
      this.onError(error, `renewing the lease on job ${job.id} failed`);
    }
  }

  private mayBeDue(): void {
    this.emptyAt = null;
    this.dueSignals++;
  }

  /** `due`: something may have come due (an enqueue, a NOTIFY), not only a slot freed. */
  private wake(due = false): void {
    if (due) this.mayBeDue();
    this.woken = true;
    this.wakeSleeper?.();
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || !this.started) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(polled, ms);
      const self = this;
      // The poll: claims again whatever the last claim found.
      function polled() {
        self.mayBeDue();
        done();
      }
      function done() {
        clearTimeout(timer);
        self.wakeSleeper = null;
        self.woken = false;
        resolve();
      }
      this.wakeSleeper = done;
    });
  }
}


function toInfo<P>(row: JobRow): JobInfo<P> {
  return {
    id: row.id,
    type: row.type,
    payload: JSON.parse(row.payload) as P,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: row.run_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * The queue's statements that do not depend on the registered types. Affected rows are told by
 * RETURNING (a prepared query hands back rows only): both dialects have it.
 */
function jobQueries(store: Store) {
  const db = store.db;
  return {
    insert: new PreparedQuery<
      { id: string; group: string | null; fairRank: number; type: string; payload: string; runAt: number; maxAttempts: number; now: number },
      { id: string }
    >(db, (param) =>
      db
        .insertInto('jobs')
        .values({
          id: param('id'),
          group_key: param('group'),
          fair_rank: param('fairRank'),
          type: param('type'),
          payload: param('payload'),
          state: 'waiting',
          run_at: param('runAt'),
          attempts: 0,
          max_attempts: param('maxAttempts'),
          locked_by: null,
          locked_until: null,
          last_error: null,
          created_at: param('now'),
          updated_at: param('now'),
          finished_at: null,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id'),
    ),
    virtualTime: new PreparedQuery<Record<string, never>, { virtual_time: number }>(db, () =>
      db.selectFrom('job_queue_clock').select('virtual_time').where('id', '=', 1),
    ),
    lastTag: new PreparedQuery<{ group: string }, { last: number | string | null }>(db, (param) =>
      db
        .selectFrom('jobs')
        .select((eb) => eb.fn.max('fair_rank').as('last'))
        .where('group_key', '=', param('group'))
        .where('state', 'in', ['waiting', 'active']),
    ),
    advanceClock: new PreparedQuery<{ tag: number }, never>(db, (param) =>
      db.updateTable('job_queue_clock').set({ virtual_time: param('tag') }).where('id', '=', 1).where('virtual_time', '<', param('tag')),
    ),
    // Fenced by the claim token: a worker that lost its lease writes nothing.
    settle: new PreparedQuery<
      { id: string; token: string | null; state: 'completed' | 'failed' | 'waiting'; lastError: string | null; now: number; runAt: number | null; finishedAt: number | null },
      never
    >(db, (param) =>
      db
        .updateTable('jobs')
        .set((eb) => ({
          state: param('state'),
          last_error: param('lastError'),
          locked_by: null,
          locked_until: null,
          updated_at: param('now'),
          // Only a job put back to wait gets a new run_at.
          run_at: eb.fn.coalesce(sql<number>`cast(${param('runAt')} as bigint)`, 'run_at'),
          finished_at: param('finishedAt'),
        }))
        .where('id', '=', param('id'))
        .where('locked_by', '=', param('token')),
    ),
    // A postponed run: back to waiting, its attempt not counted (fenced like settle).
    postpone: new PreparedQuery<{ id: string; token: string | null; now: number; runAt: number }, never>(db, (param) =>
      db
        .updateTable('jobs')
        .set((eb) => ({
          state: 'waiting',
          attempts: eb('attempts', '-', 1),
          locked_by: null,
          locked_until: null,
          updated_at: param('now'),
          run_at: param('runAt'),
        }))
        .where('id', '=', param('id'))
        .where('locked_by', '=', param('token')),
    ),
    renew: new PreparedQuery<{ id: string; token: string | null; lockedUntil: number; now: number }, { id: string }>(db, (param) =>
      db
        .updateTable('jobs')
        .set({ locked_until: param('lockedUntil'), updated_at: param('now') })
        .where('id', '=', param('id'))
        .where('locked_by', '=', param('token'))
        .where('state', '=', 'active')
        .returning('id'),
    ),
  };
}

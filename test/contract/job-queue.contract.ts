import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { JobPostponed, JobQueueError, type JobContext, type JobQueue, type JobType } from '../../src/queue/job-queue.js';
import { fixedSchedule, noRetry } from '../../src/queue/retry-schedules.js';
import { sleep, waitFor } from './test-databases.js';

/**
 * One backend (a database, a Redis) that several JobQueue instances share, as the processes of a
 * cluster do. Everything runs on the real clock, since BullMQ keeps time in Redis.
 */
export interface JobQueueBackend {
  /** A new queue instance on the backend, like another process; stopped after each test. */
  open(): Promise<JobQueue>;
  /**
   * Plays a worker that claims the next due job of `type` (with that type's lease) and dies at
   * once: never renews, never records an outcome. Returns the claimed job's id.
   */
  claimAndDie(type: JobType<any>): Promise<string | null>;
  /** Deletes every job. */
  clear(): Promise<void>;
  dispose(): Promise<void>;
}

interface Recorder<P> extends JobType<P> {
  runs: { payload: P; attempt: number; at: number; id: string }[];
}

function jobType<P>(name: string, handle: (payload: P, context: JobContext) => Promise<void> = async () => {}, extra: Partial<JobType<P>> = {}): Recorder<P> {
  const runs: Recorder<P>['runs'] = [];
  return {
    name,
    retryDelayMs: noRetry,
    ...extra,
    runs,
    async handle(payload, context) {
      runs.push({ payload, attempt: context.attempt, at: Date.now(), id: context.id });
      await handle(payload, context);
    },
  };
}

/** The JobQueue behaviour every implementation (database on SQLite and PostgreSQL, BullMQ) must show. */
export function jobQueueContract(name: string, createBackend: () => Promise<JobQueueBackend>): void {
  describe(`job queue contract: ${name}`, () => {
    let backend: JobQueueBackend;
    const opened: JobQueue[] = [];
    const open = async () => {
      const queue = await backend.open();
      opened.push(queue);
      return queue;
    };
    before(async () => {
      backend = await createBackend();
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((q) => q.stop({ timeoutMs: 2000 })));
      await backend.clear();
    });
    after(async () => {
      await backend?.dispose();
    });

    it('runs every job exactly once with two workers competing, and reports its state', async () => {
      const handled: number[] = [];
      const make = () =>
        jobType<{ n: number }>('count', async (payload) => {
          handled.push(payload.n);
          await sleep(2);
        });
      const [a, b] = [await open(), await open()];
      a.register(make());
      b.register(make());
      const ids: string[] = [];
      for (let n = 0; n < 40; n++) ids.push((await a.enqueue('count', { n })).id);
      const waiting = await b.getJob<{ n: number }>(ids[0]);
      assert.equal(waiting?.state, 'waiting');
      assert.deepEqual(waiting?.payload, { n: 0 });
      assert.equal(waiting?.type, 'count');
      assert.equal(waiting?.attempts, 0);
      assert.equal(await a.getJob('no-such-job'), null);
      await Promise.all([a.start({ concurrency: 3 }), b.start({ concurrency: 3 })]);
      await waitFor(async () => {
        for (const id of ids) if ((await a.getJob(id))?.state !== 'completed') return false;
        return true;
      }, 15_000, '40 jobs');
      assert.equal(handled.length, 40, 'a job ran more than once');
      assert.equal(new Set(handled).size, 40);
      const done = await b.getJob(ids[39]);
      assert.equal(done?.attempts, 1);
      assert.equal(done?.lastError, null);
      assert.ok(done?.finishedAt && done.finishedAt >= done.createdAt);
    });

    it('takes over a job whose worker died, once its lease lapses', async () => {
      const leaseMs = 400;
      const type = jobType('lease', undefined, { leaseMs, retryDelayMs: () => 0 });
      const first = await open();
      first.register(type);
      const { id } = await first.enqueue('lease', { x: 1 });
      const diedAt = Date.now();
      assert.equal(await backend.claimAndDie(type), id);
      const alive = await open();
      alive.register(jobType('lease', type.handle.bind(type), { leaseMs }));
      await alive.start({ concurrency: 2 });
      await waitFor(async () => (await alive.getJob(id))?.state === 'completed', 15_000, 'takeover');
      assert.equal(type.runs.length, 1);
      assert.ok(type.runs[0].at - diedAt >= leaseMs - 5, `taken over ${type.runs[0].at - diedAt} ms after the claim, inside its ${leaseMs} ms lease`);
      assert.equal(type.runs[0].attempt, 2, 'the dead claim counts as attempt 1');
      assert.equal((await alive.getJob(id))?.attempts, 2);
    });

    it('retries on the job type’s schedule exactly, then gives up with the last error', async () => {
      const asked: number[] = [];
      const schedule = fixedSchedule([200, 500]);
      const type = jobType('flaky', async () => {
        throw new Error('remote said 503');
      }, {
        retryDelayMs: (attempt, error) => {
          asked.push(attempt);
          assert.match(String(error), /remote said 503/);
          return schedule(attempt);
        },
      });
      const queue = await open();
      queue.register(type);
      const { id } = await queue.enqueue('flaky', {});
      await queue.start();
      await waitFor(async () => (await queue.getJob(id))?.state === 'failed', 10_000, 'giving up');
      assert.deepEqual(type.runs.map((r) => r.attempt), [1, 2, 3]);
      assert.ok(type.runs[1].at - type.runs[0].at >= 200 - 5, `retry 1 after ${type.runs[1].at - type.runs[0].at} ms, before its 200 ms`);
      assert.ok(type.runs[2].at - type.runs[1].at >= 500 - 5, `retry 2 after ${type.runs[2].at - type.runs[1].at} ms, before its 500 ms`);
      assert.deepEqual(asked.slice(0, 3), [1, 2, 3], 'the schedule is asked with the attempt that failed');
      const job = await queue.getJob(id);
      assert.equal(job?.attempts, 3);
      assert.equal(job?.lastError, 'Error: remote said 503');
    });

    it('stops at the job’s own attempt cap, which overrides the type’s', async () => {
      const type = jobType('capped', async () => {
        throw new Error('always');
      }, { retryDelayMs: () => 0, maxAttempts: 5 });
      const queue = await open();
      queue.register(type);
      const { id } = await queue.enqueue('capped', {}, { maxAttempts: 2 });
      assert.equal((await queue.getJob(id))?.maxAttempts, 2);
      const other = await queue.enqueue('capped', {});
      assert.equal((await queue.getJob(other.id))?.maxAttempts, 5);
      await queue.start();
      await waitFor(async () => (await queue.getJob(id))?.state === 'failed' && (await queue.getJob(other.id))?.state === 'failed', 10_000, 'failures');
      assert.equal(type.runs.filter((r) => r.id === id).length, 2);
      assert.equal(type.runs.filter((r) => r.id === other.id).length, 5);
    });

    it('runs a delayed job when it is due, not before', async () => {
      const type = jobType('soon');
      const queue = await open();
      queue.register(type);
      await queue.start();
      const start = Date.now();
      const { id } = await queue.enqueue('soon', {}, { delayMs: 300 });
      const waiting = await queue.getJob(id);
      assert.equal(waiting?.state, 'waiting');
      assert.ok(waiting!.runAt >= start + 300);
      await waitFor(() => type.runs.length === 1, 5000, 'delayed job');
      assert.ok(type.runs[0].at - start >= 300, `ran ${type.runs[0].at - start} ms after enqueue, before its 300 ms delay`);
    });

    it('adds nothing for a job id that exists, in any state', async () => {
      const type = jobType<{ v: number }>('once');
      const queue = await open();
      queue.register(type);
      const first = await queue.enqueue('once', { v: 1 }, { jobId: 'webhook:abc' });
      const second = await queue.enqueue('once', { v: 2 }, { jobId: 'webhook:abc' });
      assert.deepEqual(first, { id: 'webhook:abc', created: true });
      assert.deepEqual(second, { id: 'webhook:abc', created: false });
      await queue.start();
      await waitFor(async () => (await queue.getJob('webhook:abc'))?.state === 'completed', 5000, 'job');
      const third = await queue.enqueue('once', { v: 3 }, { jobId: 'webhook:abc' });
      assert.equal(third.created, false, 'a completed job id was reused');
      assert.deepEqual(type.runs.map((r) => [r.payload, r.id]), [[{ v: 1 }, 'webhook:abc']]);
      assert.deepEqual((await queue.getJob('webhook:abc'))?.payload, { v: 1 });
    });

    it('revives a job id: enqueued when missing, left alone while waiting or running, replaced once finished', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const type = jobType<{ v: number }>('revivable', async (payload) => {
        if (payload.v === 2) await gate;
        if (payload.v === 4) throw new Error('gives up');
      });
      const queue = await open();
      queue.register(type);
      // Missing: enqueued, and a second revive (or a plain enqueue) adds nothing.
      assert.deepEqual(await queue.revive('revivable', { v: 1 }, { jobId: 'speak:r', delayMs: 60_000 }), { id: 'speak:r', created: true });
      assert.deepEqual(await queue.revive('revivable', { v: 9 }, { jobId: 'speak:r' }), { id: 'speak:r', created: false });
      assert.equal((await queue.enqueue('revivable', { v: 9 }, { jobId: 'speak:r' })).created, false);
      assert.deepEqual((await queue.getJob('speak:r'))?.payload, { v: 1 });
      await queue.remove('speak:r');
      // Running: left alone.
      await queue.revive('revivable', { v: 2 }, { jobId: 'speak:r' });
      await queue.start();
      await waitFor(async () => (await queue.getJob('speak:r'))?.state === 'active', 5000, 'running');
      assert.equal((await queue.revive('revivable', { v: 9 }, { jobId: 'speak:r' })).created, false);
      release();
      await waitFor(async () => (await queue.getJob('speak:r'))?.state === 'completed', 5000, 'completed');
      // Completed: replaced, runs again from attempt 1.
      assert.deepEqual(await queue.revive('revivable', { v: 3 }, { jobId: 'speak:r' }), { id: 'speak:r', created: true });
      await waitFor(() => type.runs.length === 2, 5000, 'the revived run');
      await waitFor(async () => (await queue.getJob('speak:r'))?.state === 'completed', 5000, 'completed again');
      // Failed: replaced too.
      await queue.revive('revivable', { v: 4 }, { jobId: 'speak:f' });
      await waitFor(async () => (await queue.getJob('speak:f'))?.state === 'failed', 5000, 'failed');
      assert.equal((await queue.revive('revivable', { v: 5 }, { jobId: 'speak:f' })).created, true);
      await waitFor(async () => (await queue.getJob('speak:f'))?.state === 'completed', 5000, 'the revived one completed');
      assert.deepEqual(type.runs.map((r) => [r.payload.v, r.attempt]), [[2, 1], [3, 1], [4, 1], [5, 1]]);
    });

    it('does not count a postponed run as an attempt', async () => {
      let postponements = 3;
      const type = jobType('polite', async () => {
        if (postponements-- > 0) throw new JobPostponed(20);
        throw new Error('a real failure');
      }, { retryDelayMs: fixedSchedule([20]), maxAttempts: 2 });
      const queue = await open();
      queue.register(type);
      const { id } = await queue.enqueue('polite', {});
      await queue.start();
      await waitFor(async () => (await queue.getJob(id))?.state === 'failed', 10_000, 'the real failures');
      // Three postponed runs, then the two attempts the cap allows, each numbered as an attempt.
      assert.deepEqual(type.runs.map((r) => r.attempt), [1, 1, 1, 1, 2]);
      assert.equal((await queue.getJob(id))?.attempts, 2);
    });

    it('forgets a removed job, waiting or finished, so that its id is new again', async () => {
      const type = jobType<{ v: number }>('removable');
      const queue = await open();
      queue.register(type);
      await queue.enqueue('removable', { v: 1 }, { jobId: 'speak:gone', delayMs: 60_000 });
      assert.equal(await queue.remove('speak:gone'), true);
      assert.equal(await queue.getJob('speak:gone'), null);
      assert.equal(await queue.remove('speak:gone'), false);
      assert.equal(await queue.remove('speak:never'), false);
      assert.deepEqual(await queue.enqueue('removable', { v: 2 }, { jobId: 'speak:gone' }), { id: 'speak:gone', created: true });
      await queue.start();
      await waitFor(async () => (await queue.getJob('speak:gone'))?.state === 'completed', 5000, 'job');
      assert.deepEqual(type.runs.map((r) => r.payload), [{ v: 2 }]);
      assert.equal(await queue.remove('speak:gone'), true);
      assert.equal(await queue.getJob('speak:gone'), null);
    });

    it('refuses to start with unfinished jobs of an unregistered type, or a type registered twice', async () => {
      const queue = await open();
      queue.register(jobType('known'));
      assert.throws(() => queue.register(jobType('known')), JobQueueError);
      await queue.enqueue('forgotten', {});
      await assert.rejects(queue.start(), /forgotten/);
      await backend.clear();
      await queue.start();
    });

    it('renews the lease of a long job so no one else takes it', async () => {
      // The job outlives two leases. A lease is renewed every half of it (BullMQ; the database
      // queue every third), so only a stall of 1.25 s could let the second queue take it over,
      // not a loaded machine's hiccup (a 1 s lease was taken over once at load 16).
      const leaseMs = 2500;
      const make = () => jobType('long', () => sleep(2 * leaseMs), { leaseMs });
      const [a, b] = [await open(), await open()];
      const [ta, tb] = [make(), make()];
      a.register(ta);
      b.register(tb);
      const { id } = await a.enqueue('long', {});
      await a.start();
      await waitFor(() => ta.runs.length === 1, 5000, 'first run');
      await b.start();
      await waitFor(async () => (await a.getJob(id))?.state === 'completed', 15_000, 'completion');
      assert.equal(ta.runs.length + tb.runs.length, 1, 'a renewed job was taken over');
      assert.equal((await a.getJob(id))?.attempts, 1);
    });

    it('waits for running handlers when stopping', async () => {
      let finished = false;
      const type = jobType('graceful', async () => {
        await sleep(200);
        finished = true;
      });
      const queue = await open();
      queue.register(type);
      const { id } = await queue.enqueue('graceful', {});
      await queue.start();
      await waitFor(() => type.runs.length === 1, 5000, 'start');
      await queue.stop({ timeoutMs: 5000 });
      assert.equal(finished, true);
      assert.equal((await queue.getJob(id))?.state, 'completed');
    });

    /**
     * Enqueues `backlog` jobs of group `heavy` before the workers start, lets the first
     * `concurrency` of them start and hold their slots, then enqueues one job of group `light`
     * and lets everything run. Returns the order in which jobs started.
     */
    async function startOrderUnderBacklog(typeName: string, backlog: number, concurrency: number) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const type = jobType<{ group: string; n: number }>(typeName, () => gate);
      const queue = await open();
      queue.register(type);
      for (let n = 0; n < backlog; n++) await queue.enqueue(typeName, { group: 'heavy', n }, { group: 'account-heavy' });
      await queue.start({ concurrency });
      await waitFor(() => type.runs.length === concurrency, 10_000, 'the first jobs of the backlog to start');
      await queue.enqueue(typeName, { group: 'light', n: 0 }, { group: 'account-light' });
      release();
      await waitFor(() => type.runs.length === backlog + 1, 60_000, 'every job');
      return type.runs.map((r) => r.payload);
    }

    it("starts another group's job within one job per worker slot of a 100-job backlog (one slot)", async () => {
      const order = await startOrderUnderBacklog('fair-one', 100, 1);
      const light = order.findIndex((p) => p.group === 'light');
      // The backlog's first job was running when it came: the light job is the very next to start.
      assert.equal(light, 1, `the light job started ${light}th: ${JSON.stringify(order.slice(0, 4))}`);
      const heavy = order.filter((p) => p.group === 'heavy').map((p) => p.n);
      assert.deepEqual(heavy, [...heavy].sort((a, b) => a - b), 'one group runs in the order it enqueued');
    });

    it("starts another group's job within one job per worker slot of a 100-job backlog (three slots)", async () => {
      const order = await startOrderUnderBacklog('fair-three', 100, 3);
      const light = order.findIndex((p) => p.group === 'light');
      assert.equal(light, 3, `the light job started ${light}th (three were running when it came)`);
    });

    it('interleaves two backlogs one to one', async () => {
      const type = jobType<{ group: string }>('fair-two');
      const queue = await open();
      queue.register(type);
      for (let n = 0; n < 30; n++) await queue.enqueue('fair-two', { group: 'a' }, { group: 'account-a' });
      for (let n = 0; n < 30; n++) await queue.enqueue('fair-two', { group: 'c' }, { group: 'account-c' });
      await queue.start();
      await waitFor(() => type.runs.length === 60, 30_000, 'every job');
      const groups = type.runs.map((r) => r.payload.group);
      for (let i = 0; i + 1 < groups.length; i += 2) {
        assert.deepEqual([...groups.slice(i, i + 2)].sort(), ['a', 'c'], `starts ${i} and ${i + 1}: ${groups.join('')}`);
      }
    });

    it('aborts a handler that outlives the grace period and leaves the job to run again', async () => {
      let aborted = false;
      const stuck = () =>
        jobType('stuck', (_p, context) => new Promise<void>((resolve) => {
          if (context.attempt > 1) return resolve();
          context.signal.addEventListener('abort', () => {
            aborted = true;
            resolve(); // returns normally, as a handler honouring the signal would
          });
        }), { retryDelayMs: () => 0 });
      const first = stuck();
      const queue = await open();
      queue.register(first);
      const { id } = await queue.enqueue('stuck', {});
      await queue.start();
      await waitFor(() => first.runs.length === 1, 5000, 'start');
      await queue.stop({ timeoutMs: 100 });
      assert.equal(aborted, true);
      await waitFor(async () => (await queue.getJob(id))?.state === 'waiting', 10_000, 'release');
      assert.match((await queue.getJob(id))?.lastError ?? '', /stopped/);

      const second = stuck();
      const next = await open();
      next.register(second);
      await next.start();
      await waitFor(async () => (await next.getJob(id))?.state === 'completed', 20_000, 'rerun');
      assert.deepEqual([...first.runs, ...second.runs].map((r) => r.attempt), [1, 2]);
    });
  });
}

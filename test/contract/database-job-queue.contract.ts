import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { ManualClock, systemClock, type Clock } from '../../src/clock.js';
import { DatabaseJobQueue } from '../../src/queue/database-job-queue.js';
import { JobQueueError, type JobContext, type JobType } from '../../src/queue/job-queue.js';
import { fixedSchedule, noRetry } from '../../src/queue/retry-schedules.js';
import type { Store } from '../../src/store/database.js';
import { sleep, waitFor, type TestDatabase, type TestDatabaseTarget } from './test-databases.js';

const POLL_MS = 20;

interface Recorder<P> extends JobType<P> {
  runs: { payload: P; attempt: number; at: number }[];
}

function jobType<P>(
  name: string,
  handle: (payload: P, context: JobContext) => Promise<void> = async () => {},
  extra: Partial<JobType<P>> = {},
  clock: Clock = systemClock,
): Recorder<P> {
  const runs: Recorder<P>['runs'] = [];
  return {
    name,
    retryDelayMs: noRetry,
    ...extra,
    runs,
    async handle(payload, context) {
      runs.push({ payload, attempt: context.attempt, at: clock.now() });
      await handle(payload, context);
    },
  };
}

/** DatabaseJobQueue's behaviour on one dialect. Tests use their own job type names. */
export function databaseJobQueueContract(target: TestDatabaseTarget): void {
  describe(`database job queue on ${target.dialect}`, () => {
    let database: TestDatabase;
    let store: Store;
    const queues: DatabaseJobQueue[] = [];
    const queueOn = (on: Store, clock: Clock = systemClock) => {
      const queue = new DatabaseJobQueue(on, { clock, pollIntervalMs: POLL_MS, onError: () => {} });
      queues.push(queue);
      return queue;
    };

    before(async () => {
      database = await target.create();
      store = await database.open();
    });
    afterEach(async () => {
      await Promise.all(queues.splice(0).map((q) => q.stop({ timeoutMs: 2000 })));
      // Each test leaves no unfinished job behind, so the next one's start() check holds.
      await store.db.deleteFrom('jobs').execute();
    });
    after(async () => {
      await database.dispose();
    });

    it('runs every job exactly once with two workers competing', async () => {
      const other = await database.open();
      const handled: string[] = [];
      const make = () =>
        jobType<{ n: number }>('count', async (payload) => {
          handled.push(String(payload.n));
          await sleep(2);
        });
      const [a, b] = [queueOn(store), queueOn(other)];
      a.register(make());
      b.register(make());
      const ids: string[] = [];
      for (let n = 0; n < 40; n++) ids.push((await a.enqueue('count', { n })).id);
      await Promise.all([a.start({ concurrency: 3 }), b.start({ concurrency: 3 })]);
      await waitFor(async () => handled.length >= 40 && (await a.getJob(ids[39]))?.state === 'completed', 10_000, '40 jobs');
      await sleep(5 * POLL_MS);
      assert.equal(handled.length, 40, 'a job ran more than once');
      assert.equal(new Set(handled).size, 40);
      for (const id of ids) {
        const job = await a.getJob(id);
        assert.equal(job?.state, 'completed');
        assert.equal(job?.attempts, 1);
      }
    });

    it('takes over a job whose worker died once its lease lapses', async () => {
      const clock = new ManualClock();
      const type = jobType('lease', undefined, { leaseMs: 30_000 }, clock);
      const dead = queueOn(store, clock);
      dead.register(type);
      const { id } = await dead.enqueue('lease', { x: 1 });
      // The "dead" worker claims the job and never finishes or renews it (like a SIGKILL).
      const claimed = await dead.claimNext();
      assert.equal(claimed?.id, id);
      assert.equal(claimed?.locked_until, clock.now() + 30_000);

      const alive = queueOn(await database.open(), clock);
      alive.register(type);
      await alive.start({ concurrency: 2 });
      await sleep(8 * POLL_MS);
      assert.equal(type.runs.length, 0, 'the job was taken while its lease was still valid');
      clock.advance(29_999);
      await sleep(8 * POLL_MS);
      assert.equal(type.runs.length, 0, 'the job was taken before its lease lapsed');
      clock.advance(2);
      await waitFor(async () => (await alive.getJob(id))?.state === 'completed', 5000, 'takeover');
      const job = await alive.getJob(id);
      assert.equal(type.runs.length, 1);
      assert.equal(type.runs[0].attempt, 2, 'the dead claim counts as attempt 1');
      assert.equal(job?.attempts, 2);
    });

    it('fences out a worker that lost its lease', async () => {
      const clock = new ManualClock();
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      // Long lease: the slow worker does not renew within the test, so the lease lapses.
      const slow = jobType('fence', async (_p, context) => {
        if (context.attempt === 1) {
          await released;
          throw new Error('late failure of the first worker');
        }
      }, { leaseMs: 60_000, retryDelayMs: () => 0 }, clock);
      const first = queueOn(store, clock);
      first.register(slow);
      const { id } = await first.enqueue('fence', {});
      await first.start();
      await waitFor(() => slow.runs.length === 1, 5000, 'first run');
      clock.advance(60_001);
      const second = queueOn(await database.open(), clock);
      second.register(slow);
      await second.start();
      await waitFor(async () => (await second.getJob(id))?.state === 'completed', 5000, 'second run');
      release();
      await sleep(8 * POLL_MS);
      const job = await second.getJob(id);
      assert.equal(job?.state, 'completed', 'the late worker overwrote the outcome');
      assert.equal(job?.attempts, 2);
      assert.equal(job?.lastError, null);
    });

    it('retries on the job type’s schedule, then gives up', async () => {
      const clock = new ManualClock();
      const type = jobType(
        'flaky',
        async () => {
          throw new Error('remote said 503');
        },
        { retryDelayMs: fixedSchedule([1_000, 5_000]) },
        clock,
      );
      const queue = queueOn(store, clock);
      queue.register(type);
      const start = clock.now();
      const { id } = await queue.enqueue('flaky', {});
      await queue.start();

      await waitFor(async () => (await queue.getJob(id))?.attempts === 1 && (await queue.getJob(id))?.state === 'waiting', 5000, 'attempt 1');
      let job = await queue.getJob(id);
      assert.equal(job?.runAt, start + 1_000);
      assert.equal(job?.lastError, 'Error: remote said 503');
      clock.advance(999);
      await sleep(8 * POLL_MS);
      assert.equal(type.runs.length, 1, 'retried before its delay');
      clock.advance(1);
      await waitFor(async () => (await queue.getJob(id))?.attempts === 2 && (await queue.getJob(id))?.state === 'waiting', 5000, 'attempt 2');
      job = await queue.getJob(id);
      assert.equal(job?.runAt, start + 1_000 + 5_000);
      clock.advance(4_999);
      await sleep(8 * POLL_MS);
      assert.equal(type.runs.length, 2, 'retried before its delay');
      clock.advance(1);
      await waitFor(async () => (await queue.getJob(id))?.state === 'failed', 5000, 'giving up');
      job = await queue.getJob(id);
      assert.equal(job?.attempts, 3);
      assert.ok(job?.finishedAt !== null);
      assert.deepEqual(type.runs.map((r) => r.at - start), [0, 1_000, 6_000]);
      clock.advance(3_600_000);
      await sleep(8 * POLL_MS);
      assert.equal(type.runs.length, 3, 'a failed job ran again');
    });

    it('stops at maxAttempts even when the schedule would go on', async () => {
      const type = jobType('capped', async () => {
        throw new Error('no');
      }, { retryDelayMs: () => 0, maxAttempts: 3 });
      const queue = queueOn(store);
      queue.register(type);
      const { id } = await queue.enqueue('capped', {});
      await queue.start();
      await waitFor(async () => (await queue.getJob(id))?.state === 'failed', 5000, 'failure');
      assert.equal(type.runs.length, 3);
    });

    it('runs a delayed job when it is due, not before', async () => {
      const clock = new ManualClock();
      const type = jobType('later', undefined, {}, clock);
      const queue = queueOn(store, clock);
      queue.register(type);
      await queue.start();
      const start = clock.now();
      const { id } = await queue.enqueue('later', {}, { delayMs: 5_000 });
      clock.advance(4_999);
      await sleep(8 * POLL_MS);
      assert.equal(type.runs.length, 0, 'ran early');
      clock.advance(1);
      await waitFor(async () => (await queue.getJob(id))?.state === 'completed', 5000, 'delayed job');
      assert.equal(type.runs[0].at, start + 5_000);
    });

    it('runs a delayed job on time by the real clock', async () => {
      const type = jobType('soon');
      const queue = queueOn(store);
      queue.register(type);
      await queue.start();
      const start = Date.now();
      await queue.enqueue('soon', {}, { delayMs: 300 });
      await waitFor(() => type.runs.length === 1, 5000, 'delayed job');
      const late = type.runs[0].at - start;
      assert.ok(late >= 300, `ran ${late} ms after enqueue, before its 300 ms delay`);
      assert.ok(late <= 300 + POLL_MS + 400, `ran ${late} ms after enqueue, too late`);
    });

    it('wakes at once for a job enqueued in this process', async () => {
      const type = jobType('now');
      const queue = new DatabaseJobQueue(store, { pollIntervalMs: 5_000, onError: () => {} });
      queues.push(queue);
      queue.register(type);
      await queue.start();
      await sleep(50); // the worker is asleep now
      const start = Date.now();
      await queue.enqueue('now', {});
      await waitFor(() => type.runs.length === 1, 4000, 'wake-up');
      assert.ok(type.runs[0].at - start < 500, `took ${type.runs[0].at - start} ms despite a 5 s poll interval`);
    });

    it('adds nothing for a jobId that exists', async () => {
      const type = jobType<{ v: number }>('once');
      const queue = queueOn(store);
      queue.register(type);
      const first = await queue.enqueue('once', { v: 1 }, { jobId: 'webhook:abc' });
      const second = await queue.enqueue('once', { v: 2 }, { jobId: 'webhook:abc' });
      assert.deepEqual(first, { id: 'webhook:abc', created: true });
      assert.deepEqual(second, { id: 'webhook:abc', created: false });
      await queue.start();
      await waitFor(async () => (await queue.getJob('webhook:abc'))?.state === 'completed', 5000, 'job');
      const third = await queue.enqueue('once', { v: 3 }, { jobId: 'webhook:abc' });
      assert.equal(third.created, false, 'a completed job id was reused');
      await sleep(5 * POLL_MS);
      assert.deepEqual(type.runs.map((r) => r.payload), [{ v: 1 }]);
    });

    it('refuses to start with unfinished jobs of an unregistered type, or a type registered twice', async () => {
      const queue = queueOn(store);
      queue.register(jobType('known'));
      assert.throws(() => queue.register(jobType('known')), JobQueueError);
      await queue.enqueue('forgotten', {});
      await assert.rejects(queue.start(), /forgotten/);
      await store.db.deleteFrom('jobs').where('type', '=', 'forgotten').execute();
      await queue.start();
    });

    it('renews the lease of a long job so no one else takes it', async () => {
      // Four leases long, renewed every third of one: only a stall of 270 ms could lose it.
      const type = () => jobType('long', () => sleep(1600), { leaseMs: 400 });
      const a = queueOn(store);
      const b = queueOn(await database.open());
      const ta = type();
      const tb = type();
      a.register(ta);
      b.register(tb);
      const { id } = await a.enqueue('long', {});
      await a.start();
      await waitFor(() => ta.runs.length === 1, 5000, 'first run');
      await b.start();
      await waitFor(async () => (await a.getJob(id))?.state === 'completed', 5000, 'completion');
      assert.equal(ta.runs.length + tb.runs.length, 1, 'a renewed job was taken over');
    });

    it('waits for running handlers when stopping', async () => {
      let finished = false;
      const type = jobType('graceful', async () => {
        await sleep(200);
        finished = true;
      });
      const queue = queueOn(store);
      queue.register(type);
      const { id } = await queue.enqueue('graceful', {});
      await queue.start();
      await waitFor(() => type.runs.length === 1, 5000, 'start');
      await queue.stop({ timeoutMs: 5000 });
      assert.equal(finished, true);
      assert.equal((await queue.getJob(id))?.state, 'completed');
    });

    it('aborts a handler that outlives the grace period and leaves the job to run again', async () => {
      let aborted = false;
      const stuck = jobType('stuck', (_p, context) => new Promise<void>((resolve) => {
        if (context.attempt > 1) return resolve();
        context.signal.addEventListener('abort', () => {
          aborted = true;
          resolve(); // returns normally, as a handler honouring the signal would
        });
      }), { retryDelayMs: () => 0 });
      const queue = queueOn(store);
      queue.register(stuck);
      const { id } = await queue.enqueue('stuck', {});
      await queue.start();
      await waitFor(() => stuck.runs.length === 1, 5000, 'start');
      const t0 = Date.now();
      await queue.stop({ timeoutMs: 100 });
      assert.ok(Date.now() - t0 < 1000, 'stop did not respect its timeout');
      assert.equal(aborted, true);
      await waitFor(async () => (await queue.getJob(id))?.state === 'waiting', 2000, 'release');
      assert.match((await queue.getJob(id))?.lastError ?? '', /stopped/);

      const next = queueOn(store);
      next.register(stuck);
      await next.start();
      await waitFor(async () => (await next.getJob(id))?.state === 'completed', 5000, 'rerun');
      assert.deepEqual(stuck.runs.map((r) => r.attempt), [1, 2]);
    });
  });
}

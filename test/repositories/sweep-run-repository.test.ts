import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ManualClock } from '../../src/clock.js';
import { SweepScheduler, type Sweep } from '../../src/services/maintenance/sweep-scheduler.js';
import { onEveryDatabase } from './repository-databases.js';

/** A sweep that records its runs and, when asked, stays running until released. */
function recordingSweep(name: string, periodMs: number, scope: Sweep['scope'] = 'cluster') {
  const runs: string[] = [];
  let running = 0;
  let maxRunning = 0;
  let hold: Promise<void> | null = null;
  let release = () => {};
  let started = () => {};
  const sweep = (node: string): Sweep => ({
    name,
    scope,
    periodMs,
    async run() {
      runs.push(node);
      running++;
      maxRunning = Math.max(maxRunning, running);
      started();
      try {
        if (hold) await hold;
      } finally {
        running--;
      }
    },
  });
  return {
    sweep,
    runs,
    maxRunning: () => maxRunning,
    /** The next runs wait until `release()`; resolves when one has started. */
    holdNext(): Promise<void> {
      hold = new Promise((r) => (release = () => ((hold = null), r())));
      return new Promise((r) => (started = r));
    },
    release: () => release(),
  };
}

onEveryDatabase('maintenance sweeps, once per cluster', (c) => {
  const minute = 60_000;

  it('two nodes ticking together: each period exactly one of them runs a cluster sweep, every node its node sweeps', async () => {
    const clock = new ManualClock(Date.UTC(2026, 6, 1));
    const cluster = recordingSweep(`retention-${c.dialect}-${Date.now()}`, 10 * minute);
    const local = recordingSweep('temp-files', 10 * minute, 'node');
    const other = await c.other();
    const errors: unknown[] = [];
    const node = (name: string, gate = c.repos.sweepRuns) =>
      new SweepScheduler({ sweeps: [cluster.sweep(name), local.sweep(name)], gate, clock, onError: (e) => errors.push(e) });
    const a = node('a');
    const b = node('b', other.sweepRuns);
    for (let period = 0; period < 5; period++) {
      const ran = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      assert.equal(ran.flat().filter((n) => n === cluster.sweep('').name).length, 1, `period ${period}: one run in the cluster`);
      // Later within the period: nobody runs it again.
      clock.advance(10 * minute - 1);
      assert.deepEqual((await Promise.all([a.tick(), b.tick()])).flat(), []);
      clock.advance(1);
    }
    assert.equal(cluster.runs.length, 5);
    assert.equal(local.runs.filter((n) => n === 'a').length, 5);
    assert.equal(local.runs.filter((n) => n === 'b').length, 5);
    assert.equal(cluster.maxRunning(), 1);
    assert.deepEqual(errors, []);
    assert.equal(await c.repos.sweepRuns.lastRun(cluster.sweep('').name), clock.now() - 10 * minute);
  });

  it('a sweep still running when its next period comes is not started again beside it', async () => {
    const clock = new ManualClock(Date.UTC(2026, 7, 1));
    const slow = recordingSweep(`slow-${c.dialect}-${Date.now()}`, minute);
    const other = await c.other();
    const a = new SweepScheduler({ sweeps: [slow.sweep('a')], gate: c.repos.sweepRuns, clock, onError: assert.fail });
    const started = slow.holdNext();
    const first = a.tick();
    await started;
    clock.advance(5 * minute);
    // The same node never overlaps itself; another node is kept out by PostgreSQL's advisory
    // lock (on SQLite there is one process, so only the first case exists).
    assert.deepEqual(await a.tick(), []);
    if (c.dialect === 'postgres') {
      const b = new SweepScheduler({ sweeps: [slow.sweep('b')], gate: other.sweepRuns, clock, onError: assert.fail });
      assert.deepEqual(await b.tick(), []);
      slow.release();
      assert.deepEqual(await first, [slow.sweep('').name]);
      clock.advance(minute);
      assert.deepEqual(await b.tick(), [slow.sweep('').name], 'once the run ended, the next period is the other node\'s');
      assert.deepEqual(slow.runs, ['a', 'b']);
    } else {
      slow.release();
      assert.deepEqual(await first, [slow.sweep('').name]);
      assert.deepEqual(slow.runs, ['a']);
    }
    assert.equal(slow.maxRunning(), 1);
  });

  it('a failing sweep is reported and tried again the next period', async () => {
    const clock = new ManualClock(Date.UTC(2026, 8, 1));
    let calls = 0;
    const errors: unknown[] = [];
    const name = `failing-${c.dialect}-${Date.now()}`;
    const sweep: Sweep = { name, scope: 'cluster', periodMs: minute, run: async () => {
        if (calls++ === 0) throw new Error('disk gone');
      },
    };
    const a = new SweepScheduler({ sweeps: [sweep], gate: c.repos.sweepRuns, clock, onError: (e, which) => errors.push([which, (e as Error).message]) });
    assert.deepEqual(await a.tick(), []);
    assert.deepEqual(errors, [[name, 'disk gone']]);
    clock.advance(minute);
    assert.deepEqual(await a.tick(), [name]);
    assert.equal(calls, 2);
  });
});

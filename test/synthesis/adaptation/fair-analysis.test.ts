import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { AdaptationPool, AnalysisTimeoutError } from '../../../src/synthesis/adaptation/adaptation-pool.js';
import { AnalysisQueueFullError, FairTaskQueue } from '../../../src/synthesis/adaptation/fair-task-queue.js';
import { encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';

/** A task that runs until its `finish()` is called, noting when it started. */
function heldTask(name: string, started: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: async () => {
    started.push(name);
    await done;
    return name;
  }, finish };
}

describe('clone analysis: fair between accounts, bounded, with a time budget', () => {
  it("one account's five analyses delay another's by at most the one running", async () => {
    const queue = new FairTaskQueue(1, 32);
    const started: string[] = [];
    const heavy = [1, 2, 3, 4, 5].map((n) => heldTask(`heavy ${n}`, started));
    const light = heldTask('light', started);
    const results = heavy.map((task) => queue.run('heavy-account', task.run));
    results.push(queue.run('light-account', light.run));
    assert.deepEqual(started, ['heavy 1'], 'one task per slot');
    heavy[0].finish();
    await results[0];
    assert.deepEqual(started, ['heavy 1', 'light'], "the other account goes next, not the heavy account's second");
    light.finish();
    for (const task of heavy.slice(1)) {
      await new Promise((resolve) => setImmediate(resolve));
      task.finish();
    }
    assert.deepEqual(await Promise.all(results), ['heavy 1', 'heavy 2', 'heavy 3', 'heavy 4', 'heavy 5', 'light']);
    assert.deepEqual(started, ['heavy 1', 'light', 'heavy 2', 'heavy 3', 'heavy 4', 'heavy 5']);
  });

  it('runs one task per account at a time even with free slots, and refuses past the waiting bound', async () => {
    const queue = new FairTaskQueue(2, 3);
    const started: string[] = [];
    const tasks = [1, 2, 3, 4].map((n) => heldTask(`a${n}`, started));
    const running = tasks.map((task) => queue.run('a', task.run).catch((error: unknown) => error));
    assert.deepEqual(started, ['a1'], 'the second slot stays free for other accounts');
    assert.equal(queue.queued, 3);
    await assert.rejects(queue.run('b', async () => 'b'), (error: unknown) => error instanceof AnalysisQueueFullError && /try again/.test(error.message));
    for (const task of tasks) task.finish();
    for (const [i, result] of (await Promise.all(running)).entries()) assert.equal(result, `a${i + 1}`);
  });

  it('stops an analysis past its budget with AnalysisTimeoutError, and analyses again afterwards', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'orator-budget-'));
    const pool = new AdaptationPool(1, 0.001);
    try {
      const rate = 16000;
      const samples = new Float32Array(rate * 8).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 180 * i) / rate) * (1 + Math.sin((2 * Math.PI * 3 * i) / rate)));
      const file = path.join(dir, 'sample.wav');
      await writeFile(file, encodeWavPcm16({ samples, sampleRate: rate }));
      await assert.rejects(pool.clone(file, { minSeconds: 5, maxSeconds: 150 }, false, 'account'), (error: unknown) => error instanceof AnalysisTimeoutError && /0\.001 s/.test(error.message));
      pool.budgetSeconds = 300;
      const info = await pool.probe(file, { minSeconds: 5, maxSeconds: 150 }, 'account');
      assert.equal(info.seconds, 8);
    } finally {
      await pool.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a pool warmed before use has its thread at once and keeps one, even after an analysis past its budget ended it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'orator-kept-'));
    const pool = new AdaptationPool(1);
    try {
      assert.equal(pool.threadCount, 0, 'no thread before use');
      await pool.warmUp();
      assert.equal(pool.threadCount, 1);
      const rate = 16000;
      const samples = new Float32Array(rate * 8).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 180 * i) / rate) * (1 + Math.sin((2 * Math.PI * 3 * i) / rate)));
      const file = path.join(dir, 'sample.wav');
      await writeFile(file, encodeWavPcm16({ samples, sampleRate: rate }));
      assert.equal((await pool.probe(file, { minSeconds: 5, maxSeconds: 150 }, 'account')).seconds, 8, 'the warmed thread takes tasks');
      pool.budgetSeconds = 0.001;
      await assert.rejects(pool.clone(file, { minSeconds: 5, maxSeconds: 150 }, false, 'account'), AnalysisTimeoutError);
      // The ended thread is replaced without a task asking for it (a lazy pool would have none now).
      for (const giveUp = Date.now() + 30_000; pool.threadCount < 1 && Date.now() < giveUp; ) await new Promise((resolve) => setTimeout(resolve, 10));
      assert.equal(pool.threadCount, 1);
    } finally {
      await pool.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { SynthesisPool } from '../../../src/synthesis/pool/synthesis-pool.js';
import { threadBarrier, type ThreadBarrier } from '../../../src/synthesis/pool/thread-barrier.js';

/** A thread of its own that meets at `barrier` and answers whether everyone came. */
function meetInThread(barrier: ThreadBarrier, timeoutMs: number): Promise<boolean> {
  const module = new URL('../../../src/synthesis/pool/thread-barrier.js', import.meta.url).href;
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(${JSON.stringify(module)}).then(({ meetAtBarrier }) => parentPort.postMessage(meetAtBarrier(workerData.barrier, workerData.timeoutMs)));
  `;
  const worker = new Worker(code, { eval: true, workerData: { barrier, timeoutMs } });
  return new Promise((resolve, reject) => {
    worker.once('message', (met: boolean) => void worker.terminate().then(() => resolve(met)));
    worker.once('error', reject);
  });
}

describe('meetAtBarrier', () => {
  it('lets threads on when all parties have arrived', async () => {
    const barrier = threadBarrier(3);
    assert.deepEqual(await Promise.all([1, 2, 3].map(() => meetInThread(barrier, 30_000))), [true, true, true]);
    assert.equal(Atomics.load(barrier.arrived, 0), 3);
  });

  it('gives up after its timeout when a party never comes', async () => {
    assert.equal(await meetInThread(threadBarrier(2), 50), false);
  });
});

describe('SynthesisPool: work for every thread', () => {
  it('runs each warm-up round and each collection on every thread, once', async () => {
    const pool = new SynthesisPool(2);
    try {
      const rounds = await pool.warmUp({ rounds: 2 });
      assert.equal(rounds.length, 2);
      for (const threads of rounds) assert.equal(new Set(threads).size, 2, `a round ran on threads ${threads.join(', ')}`);
      assert.deepEqual([...rounds[1]].sort(), [...rounds[0]].sort());
      const collected = await pool.collectGarbage();
      assert.deepEqual([...collected].sort(), [...rounds[0]].sort());
    } finally {
      await pool.close();
    }
  });
});

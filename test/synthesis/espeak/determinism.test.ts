import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';

function speakWithClockAhead(offsetMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./clock-skewed-worker.js', import.meta.url), { workerData: { offsetMs } });
    worker.once('message', (hash: string) => {
      void worker.terminate();
      resolve(hash);
    });
    worker.once('error', reject);
  });
}

describe('eSpeak determinism', () => {
  it('threads that loaded eSpeak at different times give the same bytes (rand() is not seeded from the clock)', async () => {
    const hashes = await Promise.all([0, 3_600_000, 86_400_000 * 30].map(speakWithClockAhead));
    assert.equal(new Set(hashes).size, 1, hashes.join(' '));
  });
});

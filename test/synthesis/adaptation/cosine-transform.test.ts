import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CosineTransform } from '../../../src/synthesis/adaptation/cosine-transform.js';

/** y[k] = (x[0] + (−1)^k x[M]) / 2 + Σ x[j] cos(π j k / M), summed directly. */
function directCosineSums(x: ArrayLike<number>): number[] {
  const m = x.length - 1;
  return Array.from({ length: m + 1 }, (_, k) => {
    let y = 0.5 * (x[0] + (k % 2 ? -1 : 1) * x[m]);
    for (let j = 1; j < m; j++) y += x[j] * Math.cos((Math.PI * j * k) / m);
    return y;
  });
}

/** A fixed, irregular sequence (no random numbers: the test must be deterministic). */
const sequence = (length: number) => Array.from({ length }, (_, j) => Math.sin(1.7 * j + 0.3) + 0.5 * Math.cos(0.37 * j * j));

describe('type-I cosine transform through a half-size real FFT', () => {
  for (const intervals of [4, 16, 512]) {
    it(`matches the cosine sums at M = ${intervals}`, () => {
      const x = sequence(intervals + 1);
      const out = new Float64Array(intervals + 1);
      new CosineTransform(intervals).transform(x, out);
      const expected = directCosineSums(x);
      for (let k = 0; k <= intervals; k++) assert.ok(Math.abs(out[k] - expected[k]) < 1e-9, `y[${k}] = ${out[k]}, expected ${expected[k]}`);
    });
  }

  it('gives the same first values when asked for a few, and the same values when told where the zeros start', () => {
    const transform = new CosineTransform(512);
    const x = sequence(513).map((v, j) => (j < 42 ? v : 0));
    const all = new Float64Array(513);
    transform.transform(x, all);
    const sparse = new Float64Array(513);
    transform.transform(x, sparse, 513, 42);
    assert.deepEqual(Array.from(sparse), Array.from(all));
    const few = new Float64Array(513);
    transform.transform(x, few, 31);
    assert.deepEqual(Array.from(few.subarray(0, 31)), Array.from(all.subarray(0, 31)));
  });
});

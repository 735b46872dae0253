import { test } from 'node:test';
import assert from 'node:assert/strict';
import { floatToInt16, int16ToFloat } from '../../../src/synthesis/dsp/int16.js';

/** The rule floatToInt16 documents, one sample at a time. */
function reference(x: number): number {
  const value = Math.round(x * 32768);
  if (Number.isNaN(value)) return 0;
  return Math.max(-32768, Math.min(32767, value)) + 0; // + 0: an Int16Array holds no −0
}

test('long runs (through WebAssembly) and short ones round, clip and zero NaN alike', () => {
  // Deterministic values that probe every rule: exact halves (rounded up), a hair either side of
  // them, out of range, ±Infinity, NaN, and arbitrary float bit patterns.
  const view = new DataView(new ArrayBuffer(4));
  let seed = 12345;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const samples = new Float32Array(100_003);
  for (let i = 0; i < samples.length; i++) {
    const k = (next() % 70000) - 35000;
    switch (i % 6) {
      case 0: samples[i] = (k + 0.5) / 32768; break;
      case 1: samples[i] = Math.fround((k + 0.5) / 32768 + (i % 4 < 2 ? 2 ** -25 : -(2 ** -25))); break;
      case 2: view.setUint32(0, next()); samples[i] = view.getFloat32(0); break;
      case 3: samples[i] = [NaN, Infinity, -Infinity, 1, -1, -1.5, 0][i % 7]; break;
      default: samples[i] = k / 30000;
    }
  }
  for (const length of [samples.length, 300, 13, 0]) {
    const part = samples.subarray(0, length);
    const ints = floatToInt16(part);
    for (let i = 0; i < length; i++) assert.equal(ints[i], reference(part[i]), `sample ${i} of ${length}: ${part[i]}`);
  }
});

test('writes into a given array at its offset, and 16-bit audio survives a round trip', () => {
  const ints = new Int16Array(70000);
  for (let i = 0; i < ints.length; i++) ints[i] = ((i * 7919) % 65536) - 32768;
  const body = new Int16Array(new ArrayBuffer(44 + ints.length * 2), 44, ints.length);
  assert.equal(floatToInt16(int16ToFloat(ints), body), body);
  assert.deepEqual(body, ints);
});

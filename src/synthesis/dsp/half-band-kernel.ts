import { get, i32, i32Const, moduleBytes, op, set, simd, tee, v128, v128Load, v128Store } from './wasm-bytes.js';

/**
 * The 2:1 half-band upsampler's loop (half-band.ts) in WebAssembly SIMD, eight input samples a step.
 * An odd output between x[m] and x[m + 1] is Σ_k c_k · (x[m − k] + x[m + 1 + k]): the filter is
 * symmetric, so each coefficient multiplies a sum of two inputs, and it is the same coefficient
 * for four consecutive odd outputs, so one coefficient repeated in four lanes serves them all. The
 * step computes two such groups of four (A: inputs m..m + 3, B: m + 4..m + 7), which read the same
 * input vectors four taps apart: B's lower vector for tap k is A's for tap k − 4, A's upper one
 * B's for k − 4. So each tap loads two new vectors and reuses two held from four taps before (locals
 * in rotation), and one coefficient load serves both groups. The even outputs are the
 * inputs themselves; shuffles interleave them with the odd ones, 16 outputs a step.
 *
 * `run(out, steps, x, table)`, byte addresses: table holds the coefficients, each repeated in four
 * lanes (16 bytes, c[0] nearest the output); x points at the input `reach − 1` samples before the
 * first step's first sample (the caller pads with silence). Each step reads x[m − reach + 1 ..
 * m + 7 + reach], writes 16 outputs, and advances x by 8 samples, out by 16.
 */
export type HalfBandRun = (out: number, steps: number, x: number, table: number) => void;

const f32x4Add = simd(0xe4);
const f32x4Mul = simd(0xe6);
const lanes = (...floats: number[]): number[] => floats.flatMap((lane) => [4 * lane, 4 * lane + 1, 4 * lane + 2, 4 * lane + 3]);
/** Lanes 0–1 of the first operand interleaved with lanes 0–1 of the second (4–5 of the pair). */
const interleaveLow = simd(0x0d, ...lanes(0, 4, 1, 5));
const interleaveHigh = simd(0x0d, ...lanes(2, 6, 3, 7));

/** The module's bytes for `reach` coefficients a side; the coefficients themselves are read from `table`. */
export function halfBandKernelBytes(reach: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(reach) || reach < 4) throw new RangeError(`a half-band filter needs at least 4 coefficients a side, not ${reach}`);
  const [out, steps, x, table, outEnd] = [0, 1, 2, 3, 4];
  const v = 5;
  const [coefficient, even, sumA, sumB] = [v, v + 1, v + 2, v + 3];
  // Partial sums: accA(0..1), accB(0..1); rings: lower vectors of A (read again by B four taps on),
  // upper vectors of B (read again by A four taps on).
  const accA = (i: number): number => v + 4 + i;
  const accB = (i: number): number => v + 6 + i;
  // Eight slots each, so the slot a tap writes is not the one (four taps back) it reads.
  const lowRing = (k: number): number => v + 8 + (k % 8);
  const highRing = (k: number): number => v + 16 + (k % 8);
  const load = (sample: number): number[] => [...get(x), ...v128Load(4 * sample)];
  const body: number[] = [];
  for (let k = 0; k < reach; k++) {
    body.push(...get(table), ...v128Load(16 * k), ...set(coefficient));
    // A: x[m − k] (new, kept for B) + x[m + 1 + k] (B's upper vector four taps ago, or a load).
    const aLow = [...load(reach - 1 - k), ...tee(lowRing(k))];
    const aHigh = k >= 4 ? get(highRing(k - 4)) : load(reach + k);
    body.push(...aLow, ...aHigh, ...f32x4Add, ...get(coefficient), ...f32x4Mul);
    if (k >= 2) body.push(...get(accA(k % 2)), ...f32x4Add);
    body.push(...set(accA(k % 2)));
    // B: x[m + 4 − k] (A's lower vector four taps ago, or a load) + x[m + 5 + k] (new, kept for A).
    const bLow = k >= 4 ? get(lowRing(k - 4)) : load(reach + 3 - k);
    const bHigh = [...load(reach + 4 + k), ...tee(highRing(k))];
    body.push(...bLow, ...bHigh, ...f32x4Add, ...get(coefficient), ...f32x4Mul);
    if (k >= 2) body.push(...get(accB(k % 2)), ...f32x4Add);
    body.push(...set(accB(k % 2)));
  }
  body.push(...get(accA(0)), ...get(accA(1)), ...f32x4Add, ...set(sumA));
  body.push(...get(accB(0)), ...get(accB(1)), ...f32x4Add, ...set(sumB));
  const store = (sum: number, evenAt: number, offset: number): number[] => [
    ...load(evenAt), ...set(even),
    ...get(out), ...get(even), ...get(sum), ...interleaveLow, ...v128Store(offset),
    ...get(out), ...get(even), ...get(sum), ...interleaveHigh, ...v128Store(offset + 16),
  ];
  body.push(...store(sumA, reach - 1, 0), ...store(sumB, reach + 3, 32));
  return moduleBytes(4, [[1, i32], [24, v128]], [
    ...get(out), ...get(steps), ...i32Const(64), op.i32Mul, op.i32Add, ...set(outEnd),
    op.block, op.void,
    ...get(steps), op.i32Eqz, op.brIf, 0,
    op.loop, op.void,
    ...body,
    ...get(out), ...i32Const(64), op.i32Add, ...set(out),
    ...get(x), ...i32Const(32), op.i32Add, ...set(x),
    ...get(out), ...get(outEnd), op.i32LtU, op.brIf, 0,
    op.end,
    op.end,
  ]);
}

import { get, i32, i32Const, moduleBytes, op, set, simd, tee, uleb, v128, v128Load } from './wasm-bytes.js';

/**
 * The inner loop of the polyphase resampler (polyphase.ts) as WebAssembly with 128-bit SIMD. A
 * scalar JavaScript version of the same loop was slower than Speex's own WebAssembly
 * (docs/performance.md, "Resampling quality"); four lanes a step and the tap count baked in (the
 * loop over taps fully unrolled, tap offsets as immediate load offsets) are what make it cheaper.
 *
 * `run(out, n, x, table, phase, frac, intAdvance, den)`, all byte addresses or integers: for each
 * of n outputs, out[i] = Σ_k table[phase][k] · x[k], an f32 dot product of `taps` terms; then x
 * advances by intAdvance bytes and phase by frac (mod den, carrying one sample into x).
 */
export type PolyphaseRun = (out: number, n: number, x: number, table: number, phase: number, frac: number, intAdvance: number, den: number) => void;

const f32x4ExtractLane = (lane: number): number[] => simd(0x1f, lane);
const f32x4Add = simd(0xe4);
const f32x4Mul = simd(0xe6);

/** The module's bytes for filters of `taps` coefficients (a multiple of 4). */
export function polyphaseKernelBytes(taps: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(taps) || taps < 4 || taps % 4 !== 0) throw new RangeError(`taps must be a positive multiple of 4, not ${taps}`);
  const vectors = taps / 4;
  // Up to four partial sums, so consecutive multiply-adds do not wait on each other.
  const sums = Math.min(4, vectors);
  const [out, n, x, table, phase, frac, intAdvance, den, outEnd, row] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const acc = (i: number): number => 10 + i;

  const dot: number[] = [];
  for (let v = 0; v < vectors; v++) {
    dot.push(...get(row), ...v128Load(16 * v), ...get(x), ...v128Load(16 * v), ...f32x4Mul);
    if (v >= sums) dot.push(...get(acc(v % sums)), ...f32x4Add);
    dot.push(...set(acc(v % sums)));
  }
  // Fold the partial sums into acc(0), then its four lanes as (l0 + l1) + (l2 + l3).
  for (let width = sums; width > 1; width = Math.ceil(width / 2)) {
    const half = Math.ceil(width / 2);
    for (let i = 0; i + half < width; i++) dot.push(...get(acc(i)), ...get(acc(i + half)), ...f32x4Add, ...set(acc(i)));
  }
  const lanes = [
    ...get(acc(0)), ...f32x4ExtractLane(0), ...get(acc(0)), ...f32x4ExtractLane(1), op.f32Add,
    ...get(acc(0)), ...f32x4ExtractLane(2), ...get(acc(0)), ...f32x4ExtractLane(3), op.f32Add,
    op.f32Add,
  ];

  return moduleBytes(8, [[2, i32], [4, v128]], [
    ...get(out), ...get(n), ...i32Const(4), op.i32Mul, op.i32Add, ...set(outEnd),
    op.block, op.void,
    ...get(n), op.i32Eqz, op.brIf, 0,
    op.loop, op.void,
    ...get(table), ...get(phase), ...i32Const(taps * 4), op.i32Mul, op.i32Add, ...set(row),
    ...dot,
    ...get(out), ...lanes, op.f32Store, 2, 0,
    ...get(out), ...i32Const(4), op.i32Add, ...set(out),
    ...get(x), ...get(intAdvance), op.i32Add, ...set(x),
    ...get(phase), ...get(frac), op.i32Add, ...tee(phase), ...get(den), op.i32GeU,
    op.if, op.void,
    ...get(phase), ...get(den), op.i32Sub, ...set(phase),
    ...get(x), ...i32Const(4), op.i32Add, ...set(x),
    op.end,
    ...get(out), ...get(outEnd), op.i32LtU, op.brIf, 0,
    op.end,
    op.end,
  ]);
}

/**
 * `run(out, groups, x, table)`: upsampling by a whole factor (22.05 → 44.1 kHz is 2): each input
 * position starts `factor` outputs, one per phase, over the same input window. Done together they
 * load each input vector once for all of them instead of once per output: at 2×, three loads per
 * two multiply-adds instead of four. x advances one sample a group, out `factor` samples.
 */
export type WholeFactorRun = (out: number, groups: number, x: number, table: number) => void;

export function wholeFactorKernelBytes(taps: number, factor: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(taps) || taps < 8 || taps % 8 !== 0) throw new RangeError(`taps must be a positive multiple of 8, not ${taps}`);
  if (!Number.isInteger(factor) || factor < 2 || factor > 4) throw new RangeError(`factor must be 2–4, not ${factor}`);
  const vectors = taps / 4;
  const [out, groups, x, table, outEnd, xv] = [0, 1, 2, 3, 4, 5];
  // Two partial sums per phase.
  const acc = (phase: number, i: number): number => 6 + 2 * phase + i;
  const dots: number[] = [];
  for (let v = 0; v < vectors; v++) {
    dots.push(...get(x), ...v128Load(16 * v), ...set(xv));
    for (let p = 0; p < factor; p++) {
      dots.push(...get(table), ...v128Load(p * taps * 4 + 16 * v), ...get(xv), ...f32x4Mul);
      if (v >= 2) dots.push(...get(acc(p, v % 2)), ...f32x4Add);
      dots.push(...set(acc(p, v % 2)));
    }
  }
  const stores: number[] = [];
  for (let p = 0; p < factor; p++) {
    const a = acc(p, 0);
    stores.push(
      ...get(out),
      ...get(a), ...get(acc(p, 1)), ...f32x4Add, ...set(a),
      ...get(a), ...f32x4ExtractLane(0), ...get(a), ...f32x4ExtractLane(1), op.f32Add,
      ...get(a), ...f32x4ExtractLane(2), ...get(a), ...f32x4ExtractLane(3), op.f32Add,
      op.f32Add,
      op.f32Store, 2, ...uleb(4 * p),
    );
  }
  return moduleBytes(4, [[1, i32], [1 + 2 * factor, v128]], [
    ...get(out), ...get(groups), ...i32Const(4 * factor), op.i32Mul, op.i32Add, ...set(outEnd),
    op.block, op.void,
    ...get(groups), op.i32Eqz, op.brIf, 0,
    op.loop, op.void,
    ...dots,
    ...stores,
    ...get(out), ...i32Const(4 * factor), op.i32Add, ...set(out),
    ...get(x), ...i32Const(4), op.i32Add, ...set(x),
    ...get(out), ...get(outEnd), op.i32LtU, op.brIf, 0,
    op.end,
    op.end,
  ]);
}

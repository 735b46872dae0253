import { get, i32, i32Const, instantiate, memoryOf, moduleBytes, op, set, simd, type Kernel, v128, v128Load, v128Store } from './wasm-bytes.js';

/**
 * floatToInt16's loop (int16.ts) eight samples a step in WebAssembly SIMD, with the same
 * arithmetic in the same precision: each float widened to a double, × 32768 + 0.5, floored;
 * `i32x4.trunc_sat_f64x2_s_zero` then `i16x8.narrow_i32x4_s` saturate to [−32768, 32767] and
 * make NaN 0, as the JavaScript comparisons and the Int16Array store do. So the bytes are the same;
 * it costs a fraction of the JavaScript loop (~5 ns a sample), which ran on every WAV answer.
 *
 * `run(src, dst, groups)`: groups × 8 floats at byte address src to as many int16 at dst.
 */
type Int16Run = (src: number, dst: number, groups: number) => void;

const promoteLow = simd(0x5f);
const f64x2Add = simd(0xf0);
const f64x2Mul = simd(0xf2);
const f64x2Floor = simd(0x75);
const truncSatZero = simd(0xfc);
const narrowS = simd(0x85);
const shuffle = (lanes: number[]): number[] => simd(0x0d, ...lanes);
const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);
/** The upper two floats of a vector moved to the lower half (the upper half is don't-care). */
const upperFloats = shuffle([...range(8, 8), ...range(8, 8)]);
/** Two vectors' lower two i32 lanes side by side. */
const lowerInts = shuffle([...range(0, 8), ...range(16, 8)]);
const f64x2Const = (value: number): number[] => simd(0x0c, ...new Uint8Array(new Float64Array([value, value]).buffer));

function int16KernelBytes(): Uint8Array<ArrayBuffer> {
  const [src, dst, groups, a, b] = [0, 1, 2, 3, 4];
  // Two doubles (on the stack) to two rounded, saturated i32 lanes (the other two zero).
  const round = [...f64x2Const(32768), ...f64x2Mul, ...f64x2Const(0.5), ...f64x2Add, ...f64x2Floor, ...truncSatZero];
  const fourInts = (vector: number): number[] => [
    ...get(vector), ...promoteLow, ...round,
    ...get(vector), ...get(vector), ...upperFloats, ...promoteLow, ...round,
    ...lowerInts,
  ];
  return moduleBytes(3, [[2, v128]], [
    op.block, op.void,
    ...get(groups), op.i32Eqz, op.brIf, 0,
    op.loop, op.void,
    ...get(src), ...v128Load(0), ...set(a),
    ...get(src), ...v128Load(16), ...set(b),
    ...get(dst), ...fourInts(a), ...fourInts(b), ...narrowS, ...v128Store(0),
    ...get(src), ...i32Const(32), op.i32Add, ...set(src),
    ...get(dst), ...i32Const(16), op.i32Add, ...set(dst),
    ...get(groups), ...i32Const(1), op.i32Sub, ...set(groups),
    ...get(groups), op.brIf, 0,
    op.end,
    op.end,
  ]);
}

let kernel: Kernel<Int16Run> | undefined;
/** Samples per call: bounds the module's memory (384 KB) whatever the length of the speech. */
const chunk = 1 << 15;

/** `samples` (a multiple of 8 long) into `out` through the kernel, a chunk at a time. */
export function floatToInt16Simd(samples: Float32Array, out: Int16Array): void {
  kernel ??= instantiate<Int16Run>(int16KernelBytes());
  const buffer = memoryOf(kernel, chunk * 6);
  const floats = new Float32Array(buffer, 0, chunk);
  const ints = new Int16Array(buffer, chunk * 4, chunk);
  for (let at = 0; at < samples.length; at += chunk) {
    const count = Math.min(chunk, samples.length - at);
    floats.set(samples.subarray(at, at + count));
    kernel.run(0, chunk * 4, count >> 3);
    out.set(ints.subarray(0, count), at);
  }
}

/**
 * The inner loop of the polyphase resampler (polyphase.ts) as a small WebAssembly module with
 * 128-bit SIMD, written out as bytes here: no WebAssembly compiler is among the project's packages,
 * and the loop is short enough to encode by hand. A scalar JavaScript version of the same loop was
 * slower than Speex's own WebAssembly (docs/performance.md, "Resampling quality"); four lanes a
 * step and the tap count baked in (the loop over taps fully unrolled, tap offsets as immediate
 * load offsets) are what make it cheaper.
 *
 * Exported `run(out, n, x, table, phase, frac, intAdvance, den)`, all byte addresses or integers:
 * for each of n outputs, out[i] = Σ_k table[phase][k] · x[k] as f32 dot products of `taps` terms,
 * then x advances by intAdvance bytes and phase by frac (mod den, carrying one sample into x).
 */

/** Unsigned LEB128. */
function uleb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/** Signed LEB128 for i32 constants. */
function sleb(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) {
      bytes.push(byte);
      return bytes;
    }
    bytes.push(byte | 0x80);
  }
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

function name(text: string): number[] {
  return [...uleb(text.length), ...Buffer.from(text, 'latin1')];
}

const i32 = 0x7f;
const v128 = 0x7b;
const op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  f32Store: 0x38,
  i32Const: 0x41,
  i32Eqz: 0x45,
  i32LtU: 0x49,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  f32Add: 0x92,
  void: 0x40,
};
const simd = (code: number, ...immediates: number[]): number[] => [0xfd, ...uleb(code), ...immediates];
const v128Load = (offset: number): number[] => simd(0x00, 0, ...uleb(offset));
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
  const get = (local: number): number[] => [op.localGet, ...uleb(local)];
  const set = (local: number): number[] => [op.localSet, ...uleb(local)];
  const constant = (value: number): number[] => [op.i32Const, ...sleb(value)];

  const dot: number[] = [];
  for (let v = 0; v < vectors; v++) {
    dot.push(...get(row), ...v128Load(16 * v), ...get(x), ...v128Load(16 * v), ...f32x4Mul);
    if (v >= sums) dot.push(...get(acc(v % sums)), ...f32x4Add);
    dot.push(...set(acc(v % sums)));
  }
  // Fold the partial sums into acc(0), then its four lanes as (l0 + l1) + (l2 + l3).
  for (let width = sums; width > 1; width = Math.ceil(width / 2)) {
    for (let i = 0; i + Math.ceil(width / 2) < width; i++) {
      dot.push(...get(acc(i)), ...get(acc(i + Math.ceil(width / 2))), ...f32x4Add, ...set(acc(i)));
    }
  }
  const lanes = [
    ...get(acc(0)), ...f32x4ExtractLane(0), ...get(acc(0)), ...f32x4ExtractLane(1), op.f32Add,
    ...get(acc(0)), ...f32x4ExtractLane(2), ...get(acc(0)), ...f32x4ExtractLane(3), op.f32Add,
    op.f32Add,
  ];

  const body = [
    ...get(out), ...get(n), ...constant(4), op.i32Mul, op.i32Add, ...set(outEnd),
    op.block, op.void,
    ...get(n), op.i32Eqz, op.brIf, 0,
    op.loop, op.void,
    ...get(table), ...get(phase), ...constant(taps * 4), op.i32Mul, op.i32Add, ...set(row),
    ...dot,
    ...get(out), ...lanes, op.f32Store, 2, 0,
    ...get(out), ...constant(4), op.i32Add, ...set(out),
    ...get(x), ...get(intAdvance), op.i32Add, ...set(x),
    ...get(phase), ...get(frac), op.i32Add, op.localTee, ...uleb(phase), ...get(den), op.i32GeU,
    op.if, op.void,
    ...get(phase), ...get(den), op.i32Sub, ...set(phase),
    ...get(x), ...constant(4), op.i32Add, ...set(x),
    op.end,
    ...get(out), ...get(outEnd), op.i32LtU, op.brIf, 0,
    op.end,
    op.end,
    op.end,
  ];
  const locals = [2, ...uleb(2), i32, ...uleb(4), v128];
  const code = [...locals, ...body];

  const bytes = [
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 8, i32, i32, i32, i32, i32, i32, i32, i32, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...name('run'), 0x00, 0, ...name('memory'), 0x02, 0]),
    ...section(10, [1, ...uleb(code.length), ...code]),
  ];
  return new Uint8Array(bytes);
}

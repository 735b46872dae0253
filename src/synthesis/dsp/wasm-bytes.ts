/**
 * Just enough of the WebAssembly binary format to write a one-function module by hand: the DSP
 * kernels (polyphase-kernel.ts, int16-kernel.ts) are a few dozen instructions each, and no
 * WebAssembly compiler is among the project's packages. Each module exports `run` and its memory.
 */

/** Unsigned LEB128. */
export function uleb(value: number): number[] {
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

export const i32 = 0x7f;
export const v128 = 0x7b;

export const op = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  end: 0x0b,
  brIf: 0x0d,
  f32Store: 0x38,
  i32Eqz: 0x45,
  i32LtU: 0x49,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32Mul: 0x6c,
  f32Add: 0x92,
  /** Block type of a block that leaves nothing. */
  void: 0x40,
};

export const get = (local: number): number[] => [0x20, ...uleb(local)];
export const set = (local: number): number[] => [0x21, ...uleb(local)];
export const tee = (local: number): number[] => [0x22, ...uleb(local)];
export const i32Const = (value: number): number[] => [0x41, ...sleb(value)];

/** A 128-bit SIMD instruction (prefix 0xfd). */
export const simd = (code: number, ...immediates: number[]): number[] => [0xfd, ...uleb(code), ...immediates];
export const v128Load = (offset: number): number[] => simd(0x00, 0, ...uleb(offset));
export const v128Store = (offset: number): number[] => simd(0x0b, 0, ...uleb(offset));

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

function name(text: string): number[] {
  return [...uleb(text.length), ...Buffer.from(text, 'latin1')];
}

/**
 * A module with one memory (one page to start; the caller grows it) and one function `run` of
 * `params` i32 parameters and no result, with `locals` as [count, type] groups and `body` its code
 * (without the final `end`).
 */
export function moduleBytes(params: number, locals: [number, number][], body: number[]): Uint8Array<ArrayBuffer> {
  const code = [...uleb(locals.length), ...locals.flatMap(([count, type]) => [...uleb(count), type]), ...body, op.end];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, ...uleb(params), ...Array<number>(params).fill(i32), 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...name('run'), 0x00, 0, ...name('memory'), 0x02, 0]),
    ...section(10, [1, ...uleb(code.length), ...code]),
  ]);
}

/** A module's instance, compiled once per thread by whoever asks first. */
export interface Kernel<Run> {
  run: Run;
  memory: WebAssembly.Memory;
}

export function instantiate<Run>(bytes: Uint8Array<ArrayBuffer>): Kernel<Run> {
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Kernel<Run>;
}

/** Grows `kernel`'s memory to at least `bytes`; returns its buffer (a new one after growing). */
export function memoryOf(kernel: Kernel<unknown>, bytes: number): ArrayBuffer {
  const { memory } = kernel;
  if (memory.buffer.byteLength < bytes) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
  return memory.buffer;
}

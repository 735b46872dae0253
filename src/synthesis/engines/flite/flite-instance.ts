import { writeFliteData, type FliteProgram } from './flite-module.js';
import { MemoryWasi, type MemoryWasiOptions } from './memory-wasi.js';

/**
 * Memory past which an instance is not run again: one run at a slow rate can grow it to ~100 MB,
 * which a fresh instance would not hold. A 300–400-character group at the normal rate takes ~30 MB.
 */
const reuseLimitBytes = 64 * 2 ** 20;

/**
 * One flite.wasm instance, run again and again as if it were fresh each time.
 *
 * flite.wasm is a WASI command: `_start` runs once per instance, and its state (voices, the C
 * library's globals, the heap) must not leak between runs. A fresh instance for every run cost
 * ~8.5 ms of CPU, much of it the kernel handing out and zeroing the pages the 17 MB of voices are
 * copied into (and the heap grows into), then taking them back: a 600-character request made four.
 * Reset instead: before each run but the first, its memory is made what a fresh instance's is
 * (the data segments read again from flite.wasm, every other byte zero) and its mutable globals
 * (the C stack pointer) get their first values back; the pages are already there, so that costs
 * ~4 ms. What a run sees then differs from a fresh instance only in the memory's size, which
 * stays at the largest a run needed (flite's allocator keeps its heap end in memory and grows
 * the memory only past it); the output is the same, byte for byte (flite-thread.test.ts).
 *
 * An instance that trapped, exited with an error or grew past reuseLimitBytes is not run again.
 */
export class FliteInstance {
  private runs = 0;
  private spoiled = false;
  /** The WASI shim of the run in progress: the instance's imports call into it. */
  private wasi = new MemoryWasi();
  private readonly initialGlobals: unknown[];

  private constructor(
    private readonly program: FliteProgram,
    private readonly instance: WebAssembly.Instance,
  ) {
    this.initialGlobals = program.globals.map((name) => (instance.exports[name] as WebAssembly.Global).value as unknown);
  }

  static async create(program: FliteProgram): Promise<FliteInstance> {
    let self: FliteInstance | undefined;
    // Imports are bound once, at instantiation; each run brings a shim of its own.
    const calls = Object.keys(new MemoryWasi().imports.wasi_snapshot_preview1 as object);
    const imports = Object.fromEntries(calls.map((name) => [name, (...args: never[]) => {
      const functions = self!.wasi.imports.wasi_snapshot_preview1 as Record<string, (...a: never[]) => unknown>;
      return functions[name](...args);
    }]));
    const instance = await WebAssembly.instantiate(program.module, { wasi_snapshot_preview1: imports });
    self = new FliteInstance(program, instance);
    writeFliteData(program, self.memory);
    return self;
  }

  /** It can be run again: its runs so far ended cleanly and its memory stayed small. */
  get reusable(): boolean {
    return !this.spoiled && this.memory.buffer.byteLength <= reuseLimitBytes;
  }

  /** Runs flite once; the shim returned holds its exit code, output and files. */
  run(options: MemoryWasiOptions): { exitCode: number; wasi: MemoryWasi } {
    if (this.spoiled) throw new Error('this flite instance cannot run again');
    if (this.runs > 0) this.reset();
    this.runs++;
    this.wasi = new MemoryWasi();
    // A trap leaves the instance in whatever state it stopped in: spoiled until proven otherwise.
    this.spoiled = true;
    const exitCode = this.wasi.start(this.instance, options);
    this.spoiled = exitCode !== 0;
    return { exitCode, wasi: this.wasi };
  }

  private get memory(): WebAssembly.Memory {
    return this.instance.exports.memory as WebAssembly.Memory;
  }

  private reset(): void {
    const bytes = new Uint8Array(this.memory.buffer);
    let zeroFrom = 0;
    for (const segment of [...this.program.data].sort((a, b) => a.memoryOffset - b.memoryOffset)) {
      bytes.fill(0, zeroFrom, segment.memoryOffset);
      zeroFrom = Math.max(zeroFrom, segment.memoryOffset + segment.length);
    }
    bytes.fill(0, zeroFrom);
    writeFliteData(this.program, this.memory);
    this.program.globals.forEach((name, i) => {
      (this.instance.exports[name] as WebAssembly.Global).value = this.initialGlobals[i] as number;
    });
  }
}

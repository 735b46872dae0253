/**
 * Entry of the thread that runs flite.wasm on request, a worker of the thread that owns it
 * (`FliteThread`). It lives in a thread of its own so that a hung run can be stopped
 * (`Worker.terminate()` interrupts a WebAssembly loop) and its memory freed with it; a trap only
 * fails the run it happened in. The compiled module comes from the owner (shared code, see
 * flite-module.ts). One instance serves a request's runs and the requests the owner had queued
 * by the time it replied, reset between runs (flite-instance.ts); the owner releases it when a
 * reply leaves it nothing queued: an instance kept while idle would hold 16–30 MB per host
 * (Flite's voices, copied into its memory, and its heap) for as long as the server runs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { collectGarbageAndShrink } from '../../pool/collect-garbage.js';
import { FliteInstance } from './flite-instance.js';
import type { FliteProgram } from './flite-module.js';
import type { FliteHostRelease, FliteHostReply, FliteHostRequest, FliteRun, FliteRunResult } from './flite-protocol.js';

const program = (workerData as { program: FliteProgram }).program;

/** The instance the next run may use, until the owner releases it. */
let kept: FliteInstance | undefined;

async function execute(run: FliteRun): Promise<FliteRunResult> {
  const encoder = new TextEncoder();
  const files: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(run.files ?? {})) files[path] = encoder.encode(text);
  const instance = kept ?? (await FliteInstance.create(program));
  kept = undefined;
  const started = performance.now();
  const { exitCode, wasi } = instance.run({ args: ['flite', ...run.args], files });
  const milliseconds = performance.now() - started;
  if (instance.reusable) kept = instance;
  const outputs: Record<string, Uint8Array> = {};
  for (const path of run.outputs ?? []) {
    const bytes = wasi.file(path);
    if (bytes) outputs[path] = bytes;
  }
  return { exitCode, stdout: wasi.stdoutText(), stderr: wasi.stderrText(), outputs, milliseconds };
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
 * A dropped instance holds a 16–30 MB memory that is garbage, but V8 sees a few kilobytes of
 * JavaScript objects and may keep several of them for a long while: it is collected as soon as
 * it is dropped, a few milliseconds of a small heap against tens of megabytes held.
 */
function drop(): void {
  kept = undefined;
  setImmediate(collect);
}

/** The collection that also gives back the young generation (collect-garbage.ts). */
function collect(): void {
  void collectGarbageAndShrink();
}

parentPort!.on('message', (message: FliteHostRequest | FliteHostRelease) => {
  if ('release' in message) {
    if (kept) drop();
    return;
  }
  void handle(message).then((reply) => {
    parentPort!.postMessage(reply, buffersOf(reply));
    // A run that spoiled its instance dropped it: collect it now rather than at the release.
    if (!kept) setImmediate(collect);
  });
});

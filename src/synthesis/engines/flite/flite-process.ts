import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FliteHostReply, FliteHostRequest, FliteRun, FliteRunResult } from './flite-protocol.js';

export interface FliteProcessOptions {
  /** Default time a request may take before the child is deemed hung and killed. */
  timeoutMs?: number;
}

interface Job {
  id: number;
  runs: FliteRun[];
  timeoutMs: number;
  resolve(results: FliteRunResult[]): void;
  reject(error: Error): void;
}

const defaultTimeoutMs = 60_000;
const stderrTailBytes = 4096;

/**
 * One long-lived child process running flite.wasm, fed one request at a time. When the child
 * crashes or hangs, the request it was working on fails with an Error, and the next request
 * starts a new child; queued requests are never lost. An idle child does not keep the parent's
 * event loop alive.
 */
export class FliteProcess {
  private child?: ChildProcess;
  private stderrTail = '';
  private readonly queue: Job[] = [];
  private current?: { job: Job; timer: NodeJS.Timeout; child: ChildProcess };
  private nextId = 1;
  private closed = false;
  private readonly timeoutMs: number;

  constructor(options: FliteProcessOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  }

  /** Process id of the running child, if one is running (for diagnostics and tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  run(runs: FliteRun[], timeoutMs = this.timeoutMs): Promise<FliteRunResult[]> {
    if (this.closed) return Promise.reject(new Error('Flite engine is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, runs, timeoutMs, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('Flite engine was closed'));
    const child = this.child;
    if (!child) return;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.ref(); // an idle child is unreferenced; its exit must still be awaited
    child.kill('SIGKILL');
    await exited;
  }

  private pump(): void {
    if (this.current || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    const child = this.child ?? this.spawn();
    const timer = setTimeout(() => {
      this.fail(child, new Error(`Flite did not finish within ${job.timeoutMs} ms; its process was restarted`));
      child.kill('SIGKILL');
    }, job.timeoutMs);
    this.current = { job, timer, child };
    child.ref();
    child.channel?.ref();
    const request: FliteHostRequest = { id: job.id, runs: job.runs };
    child.send(request);
  }

  private spawn(): ChildProcess {
    const host = hostScript();
    this.stderrTail = '';
    const child = fork(host.path, [], {
      execArgv: host.execArgv,
      serialization: 'advanced', // carries the WAV bytes as a Uint8Array, not JSON
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      this.stderrTail = (this.stderrTail + text).slice(-stderrTailBytes);
    });
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    child.on('message', (reply: FliteHostReply) => this.settle(child, reply));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      const detail = this.stderrTail.trim() ? `: ${this.stderrTail.trim().split('\n').slice(-3).join(' | ')}` : '';
      this.fail(child, new Error(`Flite process exited (${how}) during synthesis${detail}`));
    });
    child.on('error', (error) => this.fail(child, new Error(`Flite process failed: ${error.message}`)));
    this.child = child;
    return child;
  }

  private settle(child: ChildProcess, reply: FliteHostReply): void {
    const current = this.current;
    if (!current || current.child !== child || current.job.id !== reply.id) return;
    this.finish();
    if (reply.ok) current.job.resolve(reply.results);
    else current.job.reject(new Error(`Flite failed: ${reply.error}`));
  }

  /** Rejects the in-flight job if it belongs to `child`, which is then abandoned. */
  private fail(child: ChildProcess, error: Error): void {
    if (this.child === child) this.child = undefined;
    const current = this.current;
    if (!current || current.child !== child) return;
    this.finish();
    current.job.reject(error);
  }

  private finish(): void {
    const current = this.current!;
    clearTimeout(current.timer);
    this.current = undefined;
    if (this.queue.length > 0) {
      this.pump();
    } else if (this.child) {
      this.child.unref();
      this.child.channel?.unref();
    }
  }
}

/**
 * The host runs one WebAssembly instance at a time and little JavaScript, so it needs none of V8's
 * background threads (--single-threaded: no compiler or GC helper threads, each of which would
 * keep a malloc arena of its own), and it collects each finished instance as soon as it replied
 * (--expose-gc, see flite-host.ts). About 100 MB per child became about 90 MB.
 */
const hostFlags = ['--expose-gc', '--single-threaded'];

/**
 * The host script sits next to this module: `.js` once compiled, `.ts` when running from source
 * under tsx, in which case the child needs tsx's loader too.
 */
function hostScript(): { path: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL('./flite-host.js', import.meta.url));
  if (existsSync(compiled)) return { path: compiled, execArgv: hostFlags };
  const source = fileURLToPath(new URL('./flite-host.ts', import.meta.url));
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { path: source, execArgv: [...hostFlags, '--import', tsxLoader] };
}

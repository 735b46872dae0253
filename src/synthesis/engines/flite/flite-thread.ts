import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { EngineTimeoutError } from '../engine-timeout-error.js';
import { fliteProgram } from './flite-module.js';
import type { FliteHostReply, FliteHostRelease, FliteHostRequest, FliteRun, FliteRunResult } from './flite-protocol.js';

export interface FliteThreadOptions {
  /** Default time a request may take before the host is deemed hung and stopped. */
  timeoutMs?: number;
  /** The most memory one run may take (default `fliteMemoryMaxBytes`); past it the run traps. */
  memoryMaxBytes?: number;
  /** How long the host keeps its flite instance once it has nothing queued (default `keptIdleMs`; 0: let it go at once). */
  keptIdleMs?: number;
}

interface Job {
  id: number;
  runs: FliteRun[];
  timeoutMs: number;
  resolve(results: FliteRunResult[]): void;
  reject(error: Error): void;
}

const defaultTimeoutMs = 60_000;

/**
 * A busy pool thread's next request reaches its host some milliseconds after the last one's reply
 * (the thread finishes that request, answers, takes the next: 10–70 ms measured, the longer ones
 * on a loaded machine). Kept that long, the instance serves the next request instead of being
 * dropped, collected and made again (~10 ms of the host's CPU per request); an idle host still
 * lets it go a moment later.
 */
export const keptIdleMs = 250;

/**
 * The host thread's own JavaScript is small (a WASI shim, the request and its reply); its audio
 * and flite's memory live outside V8's heap (flite's memory is capped by the module itself, see
 * flite-module.ts). A heap that outgrows these limits ends the host as a crash would: the request
 * fails and the next one gets a new host.
 */
const hostLimits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

/**
 * One long-lived worker thread running flite.wasm (flite-host.ts), fed one request at a time. When
 * the host hangs past a request's timeout it is terminated (which stops a WebAssembly loop and
 * frees its memory) and the request fails; when it dies otherwise, the request it was working on
 * fails. Either way the next request starts a new host, and queued requests are never lost. An
 * idle host does not keep the process alive.
 *
 * A thread rather than a child process: a child was a second Node (~40 MB of the node binary's
 * pages counted again, its own V8 and compiled flite.wasm, ~80–85 MB after use); a thread shares
 * the process's binary and flite's compiled code.
 */
export class FliteThread {
  private host?: Worker;
  private readonly queue: Job[] = [];
  private current?: { job: Job; timer: NodeJS.Timeout; host: Worker };
  private nextId = 1;
  private closed = false;
  /** A host is being started (its module compiled): the queue waits for it. */
  private starting = false;
  private readonly timeoutMs: number;
  private readonly memoryMaxBytes?: number;
  private readonly keptIdleMs: number;
  /** Lets the host's instance go unless a request comes first. */
  private release?: NodeJS.Timeout;

  constructor(options: FliteThreadOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    this.memoryMaxBytes = options.memoryMaxBytes;
    this.keptIdleMs = options.keptIdleMs ?? keptIdleMs;
  }

  /** Thread id of the running host, if one is running (for diagnostics and tests). */
  get hostId(): number | undefined {
    return this.host?.threadId;
  }

  run(runs: FliteRun[], timeoutMs = this.timeoutMs): Promise<FliteRunResult[]> {
    if (this.closed) return Promise.reject(new Error('Flite engine is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, runs, timeoutMs, resolve, reject });
      void this.pump();
    });
  }

  /**
   * Ends the running host as a crash would: the request in flight fails, queued ones go to a new
   * host (for tests: the path a host that died on its own takes).
   */
  async stopHost(): Promise<void> {
    await this.host?.terminate();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.release);
    for (const job of this.queue.splice(0)) job.reject(new Error('Flite engine was closed'));
    const host = this.host;
    this.host = undefined;
    if (this.current) {
      const { job, timer } = this.current;
      clearTimeout(timer);
      this.current = undefined;
      job.reject(new Error('Flite engine was closed'));
    }
    await host?.terminate();
  }

  private async pump(): Promise<void> {
    if (this.current || this.starting || this.queue.length === 0) return;
    let host = this.host;
    if (!host) {
      this.starting = true;
      try {
        host = await this.spawn();
      } catch (error) {
        // flite.wasm could not be read or compiled: every waiting request fails the same way.
        for (const job of this.queue.splice(0)) job.reject(new Error(`Flite could not start: ${(error as Error).message}`));
        return;
      } finally {
        this.starting = false;
      }
      if (this.closed) {
        await host.terminate();
        return;
      }
    }
    clearTimeout(this.release);
    const job = this.queue.shift()!;
    const timer = setTimeout(() => {
      this.fail(host, new EngineTimeoutError('Flite', job.timeoutMs));
      void host.terminate();
    }, job.timeoutMs);
    this.current = { job, timer, host };
    host.ref();
    const request: FliteHostRequest = { id: job.id, runs: job.runs };
    host.postMessage(request);
  }

  private async spawn(): Promise<Worker> {
    const program = await fliteProgram(this.memoryMaxBytes);
    const script = hostScript();
    const host = new Worker(script.url, {
      execArgv: script.execArgv,
      workerData: { program },
      resourceLimits: hostLimits,
    });
    host.on('message', (reply: FliteHostReply) => this.settle(host, reply));
    host.on('error', (error) => this.fail(host, new Error(`Flite host thread failed: ${error.message}`)));
    host.on('exit', (code) => this.fail(host, new Error(`Flite host thread exited (code ${code}) during synthesis`)));
    this.host = host;
    return host;
  }

  private settle(host: Worker, reply: FliteHostReply): void {
    const current = this.current;
    if (!current || current.host !== host || current.job.id !== reply.id) return;
    this.finish();
    if (reply.ok) current.job.resolve(reply.results);
    else current.job.reject(new Error(`Flite failed: ${reply.error}`));
  }

  /** Rejects the in-flight job if it belongs to `host`, which is then abandoned. */
  private fail(host: Worker, error: Error): void {
    if (this.host === host) this.host = undefined;
    const current = this.current;
    if (!current || current.host !== host) return;
    this.finish();
    current.job.reject(error);
  }

  private finish(): void {
    const current = this.current!;
    clearTimeout(current.timer);
    this.current = undefined;
    if (this.queue.length > 0) {
      void this.pump();
      return;
    }
    // The host keeps its flite instance for a next request; with none coming, it lets it go.
    const host = this.host;
    host?.unref();
    const release = () => {
      const message: FliteHostRelease = { release: true };
      if (this.host === host) host?.postMessage(message);
    };
    if (this.keptIdleMs <= 0) return release();
    this.release = setTimeout(release, this.keptIdleMs);
    this.release.unref();
  }
}

/**
 * The host script sits next to this module: `.js` once compiled, run with none of the process's
 * options (a thread inherits them, and some, like `--input-type`, make no sense for it); `.ts`
 * when running from source under tsx, whose loader it needs, so it inherits them then.
 */
function hostScript(): { url: URL; execArgv?: string[] } {
  const compiled = new URL('./flite-host.js', import.meta.url);
  return existsSync(compiled) ? { url: compiled, execArgv: [] } : { url: new URL('./flite-host.ts', import.meta.url) };
}

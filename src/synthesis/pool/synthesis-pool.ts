import { fromThread } from './voice-model-failure.js';
import { EngineTimeoutError } from '../engines/engine-timeout-error.js';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { engineSettings, type EngineSettings } from '../engines/engine-settings.js';
import { releaseNativeMemory } from './release-native-memory.js';
import { configureThreadHeaps } from './thread-heap.js';
import { buffersOf, ownBuffer } from './transfer.js';
import { threadBarrier } from './thread-barrier.js';
import { warmUpSentences, warmUpSpeech } from './warm-up.js';
import type { BlockFrames } from '../adaptation/block-frames.js';
import type { FrameRequest } from '../adaptation/frame-requests.js';
import type { CollectTask, EncodeChunkTask, EncodedChunk, FinishTask, FinishedSpeech, RenderedSentence, SentenceTask, SpeechTask, WarmUpTask } from './tasks.js';

/**
 * How long the pool stays without work before its threads collect their garbage: long enough that
 * a client's next request in a sequence does not find its thread collecting.
 */
const idleCollectionMs = 1000;

/** Default time budget of one pool task (seconds); see SynthesisPool. */
export const defaultTaskBudgetSeconds = 60;

/**
 * A pool task ran past its time budget and was stopped (its thread ended and a fresh one took
 * its place). The services answer it as a clear refusal, never a 500.
 */
export class SynthesisTimeoutError extends Error {
  constructor(readonly budgetSeconds: number) {
    super(`The synthesis was stopped after its ${budgetSeconds} s time budget: the server is too busy or the text too costly. Try again later or with a shorter text.`);
    this.name = 'SynthesisTimeoutError';
  }
}

/**
 * Worker threads that run the engines and DSP. Sized to the cores by default: synthesis is
 * CPU-bound, so more threads than cores only adds contention.
 */
export class SynthesisPool {
  private started: Piscina | null = null;

  /** `engines` reach every thread (model memory budget, models directory); default: this thread's settings. */
  /**
   * `taskBudgetSeconds` bounds every task handed to the threads (a sentence, a group of them, a
   * whole request when the threads are saturated, an encode), counted from when a thread starts it:
   * past it the task is aborted, and piscina ends the thread running it (WASM engines cannot be
   * interrupted otherwise) and starts a new one. Tasks are a sentence or a few, and a request's
   * text is bounded (2,000 characters, spoken at most 4× as long), so the budget is a safety net
   * that only a stuck engine or a grossly overloaded server meets.
   */
  constructor(
    readonly threads: number,
    private readonly engines: EngineSettings = engineSettings(),
    public taskBudgetSeconds = defaultTaskBudgetSeconds,
  ) {}

  /** Threads start on first use, so processes that never synthesize (most CLI commands) pay nothing. */
  private get piscina(): Piscina {
    if (!this.started) {
      this.closed = false;
      configureThreadHeaps();
    }
    this.started ??= new Piscina({
      filename: new URL('./synthesis-worker.js', import.meta.url).href,
      minThreads: this.threads,
      maxThreads: this.threads,
      // Engines keep state per thread (WASM heap, Flite host thread); never let idle threads die.
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: { engines: this.engines },
    });
    return this.started;
  }

  renderSentence(task: Omit<SentenceTask, 'kind'>): Promise<RenderedSentence> {
    return this.run({ kind: 'sentence', ...task });
  }

  /** The pieces' sample buffers move to the worker: the caller must not use them afterwards. */
  finish(task: Omit<FinishTask, 'kind'>): Promise<FinishedSpeech> {
    const pieces = task.pieces.map((p) => ({ samples: ownBuffer(p.samples), sampleRate: p.sampleRate, words: p.words }));
    return this.run({ ...task, kind: 'finish', pieces }, { transferList: buffersOf(pieces.map((p) => p.samples)) });
  }

  speech(task: Omit<SpeechTask, 'kind'>): Promise<FinishedSpeech> {
    return this.run({ kind: 'speech', ...task });
  }

  /**
   * A block of a voice sample measured for an adaptation thread, only while a thread has nothing
   * else to do: null at once otherwise, and the adaptation thread measures it itself. A block is
   * tens of milliseconds of work, so speech arriving meanwhile waits no longer than for a sentence.
   * The block's sample buffer moves to the worker: the caller must not use it afterwards.
   */
  measureFrames(request: FrameRequest): Promise<BlockFrames | null> {
    if (!this.started || this.unsettled >= this.threads) return Promise.resolve(null);
    const samples = ownBuffer(request.pcm.samples);
    return this.run({ kind: 'frames', request: { ...request, pcm: { samples, sampleRate: request.pcm.sampleRate } } }, { transferList: buffersOf([samples]) });
  }

  /** True when no task is waiting or running: a request handed in now has every thread to itself. */
  get idle(): boolean {
    return this.unsettled === 0;
  }

  /** True when every thread has work and more is waiting: a new request would not run sooner split up. */
  get saturated(): boolean {
    return (this.started?.queueSize ?? 0) > 0;
  }

  /** The piece's sample buffer moves to the worker: the caller must not use it afterwards. */
  encodeChunk(task: Omit<EncodeChunkTask, 'kind'>): Promise<EncodedChunk> {
    const samples = ownBuffer(task.piece.samples);
    return this.run({ ...task, kind: 'encode-chunk', piece: { ...task.piece, samples } }, { transferList: buffersOf([samples]) });
  }

  /**
   * Tasks finished since the threads started, tasks waiting for a thread, and tasks handed in and
   * not yet settled (waiting or running): for tests and monitoring.
   */
  get activity(): { completed: number; queued: number; unsettled: number } {
    return { completed: (this.started?.completed ?? 0) - this.collections, queued: this.started?.queueSize ?? 0, unsettled: this.unsettled };
  }

  private unsettled = 0;
  /** Garbage collections the threads finished: pool tasks of their own, not counted as work. */
  private collections = 0;
  private idleCollection: NodeJS.Timeout | undefined;
  /** Set by close(), until the pool is used again: no idle collection is scheduled meanwhile. */
  private closed = false;

  /**
   * Every thread collects its garbage now: the audio buffers of finished work (see
   * collect-garbage.ts), and then the C allocator gives back what they and the threads' work took
   * (release-native-memory.ts). A few milliseconds per thread; done after the warm-up and once the
   * pool has been idle for idleCollectionMs, never between the tasks of busy threads. Answers
   * the threads that collected.
   */
  async collectGarbage(): Promise<number[]> {
    // Never the reason threads start, nor start again once closed.
    const piscina = this.started;
    if (!piscina) return [];
    const threads = await this.onEveryThread(piscina, { kind: 'collect' });
    this.collections += threads.length;
    releaseNativeMemory();
    return threads;
  }

  /**
   * Runs `task` once on each thread, all at once (thread-barrier.ts: none starts before all have a
   * thread), and answers the ids of the threads it ran on. Straight through piscina, not `run`:
   * neither the idle collection's timer nor the tasks' budget apply.
   */
  private async onEveryThread(piscina: Piscina, task: CollectTask | WarmUpTask): Promise<number[]> {
    const barrier = threadBarrier(this.threads);
    return Promise.all(Array.from({ length: this.threads }, () => piscina.run({ ...task, barrier }) as Promise<number>));
  }

  private run<T>(task: object, options?: { transferList?: ArrayBuffer[] }): Promise<T> {
    this.unsettled++;
    clearTimeout(this.idleCollection);
    const settled = () => {
      this.unsettled--;
      if (this.unsettled === 0 && this.started && !this.closed) {
        this.idleCollection = setTimeout(() => void this.collectGarbage().catch(() => undefined), idleCollectionMs);
        this.idleCollection.unref();
      }
    };
    // The budget runs from when a thread starts the task (the worker says so on this port), so a
    // task waiting its turn behind others is not stopped for their time.
    const budgetSeconds = this.taskBudgetSeconds;
    const stop = new AbortController();
    const { port1: started, port2: startedInWorker } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    started.once('message', () => {
      timer = setTimeout(() => stop.abort(), budgetSeconds * 1000);
    });
    const transferList = [...(options?.transferList ?? []), startedInWorker];
    const result = (this.piscina.run({ ...task, started: startedInWorker }, { transferList, signal: stop.signal } as never) as Promise<T>)
      .catch((error: unknown) => {
        if (stop.signal.aborted) throw new SynthesisTimeoutError(budgetSeconds);
        const failure = fromThread(error);
        throw failure instanceof EngineTimeoutError ? new SynthesisTimeoutError(failure.timeoutMs / 1000) : failure;
      })
      .finally(() => {
        clearTimeout(timer);
        started.close();
      });
    result.then(settled, settled);
    return result;
  }

  /**
   * Loads eSpeak, the resampler and the WAV encoder in every thread, and runs them long enough for
   * V8 to optimise the code a request runs, so the first request costs what the next ones do (the
   * server does this before it listens and before /readyz says ready). Each thread speaks a
   * sentence in every variant of the built-in voices (see warm-up.ts), then joins and encodes them
   * as a request's speech is; four times, since V8 goes on optimising eSpeak's code through a
   * thread's first dozen sentences (one pass left the first two 600-character requests at 2–5× the
   * third; two passes at 1.4–2.3× the second; four at 1.14×, for no longer a start on 2 cores).
   * Flite's host thread, the MP3 and Opus encoders and the neural models still start on their
   * first use: they cost memory per thread that a server which never uses them should not hold.
   * Each round is one task per thread, so every thread gets all of it: as separate sentence and
   * block tasks, a thread took whichever came free, and in one fresh server the second thread had
   * measured 4 of the round's 32 blocks, and then took a clone's first blocks at 2× the time.
   * Answers the threads each round ran on. `signal` ends it between rounds (a server told to stop
   * while warming closes the pool: a next round would start its threads again).
   */
  async warmUp(options: { rounds?: number; signal?: AbortSignal } = {}): Promise<number[][]> {
    const rounds: number[][] = [];
    for (let round = 0; round < (options.rounds ?? 4); round++) {
      options.signal?.throwIfAborted();
      rounds.push(await this.onEveryThread(this.piscina, { kind: 'warm-up' }));
    }
    options.signal?.throwIfAborted();
    // Then a request's way through the pool once: its sentence tasks and finishing task, handed
    // over and back as a request's are (this thread's side, the threads' task entry, the
    // transfers). Left out, a fresh server's first synthesis read 1.18× the next, not 1.04×.
    const [sentence] = warmUpSentences();
    const pieces = await Promise.all(Array.from({ length: this.threads }, () => this.renderSentence(sentence)));
    options.signal?.throwIfAborted();
    await this.finish(warmUpSpeech(pieces));
    clearTimeout(this.idleCollection);
    await this.collectGarbage();
    return rounds;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleCollection);
    await this.started?.destroy();
    this.started = null;
  }
}

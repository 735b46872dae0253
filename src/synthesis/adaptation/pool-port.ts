import type { MessagePort } from 'node:worker_threads';
import type { Pcm } from '../audio.js';
import { buffersOf, ownBuffer } from '../pool/transfer.js';
import type { SentenceTask } from '../pool/tasks.js';
import { frameArrays, type BlockFrames } from './block-frames.js';
import type { CalibrationRenderer } from './calibrate.js';
import { measuringWith, type FrameMeasurer, type FrameRequest } from './frame-requests.js';

/**
 * The main thread's synthesis pool lending its threads to an adaptation thread, over a
 * MessagePort: it renders calibration sentences (its threads have eSpeak loaded and optimised
 * already, render the sentences side by side, and the adaptation thread never loads an engine:
 * time on a server's first clone, memory for as long as the thread lives), and measures an instant
 * clone's blocks of audio while its threads are free (frame-requests.ts).
 */
export interface PoolHelpers {
  readonly threads: number;
  renderSentence(task: Omit<SentenceTask, 'kind'>): Promise<Pcm>;
  /** Measures a block in a free thread; null at once when no thread is free (speech comes first). */
  measureFrames(request: FrameRequest): Promise<BlockFrames | null>;
}

type HelpRequest = { id: number; task: SentenceTask } | { id: number; frames: FrameRequest };
type HelpReply =
  | { id: number; samples: Float32Array; sampleRate: number }
  | { id: number; frames: BlockFrames | null }
  | { id: number; error: string };

/** Main side: answers the adaptation thread's requests on `port` with `pool`. */
export function servePool(port: MessagePort, pool: PoolHelpers): void {
  const fail = (id: number) => (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies HelpReply);
  port.on('message', (request: HelpRequest) => {
    const { id } = request;
    if ('task' in request) {
      pool.renderSentence(request.task).then((pcm) => {
        const samples = ownBuffer(pcm.samples);
        port.postMessage({ id, samples, sampleRate: pcm.sampleRate } satisfies HelpReply, [samples.buffer as ArrayBuffer]);
      }, fail(id));
    } else {
      pool.measureFrames(request.frames).then((frames) => port.postMessage({ id, frames } satisfies HelpReply, frames ? buffersOf(frameArrays(frames)) : []), fail(id));
    }
  });
}

/** Adaptation side: a renderer and a measurer that ask the main thread's pool of `threads` over `port`. */
export function poolThrough(port: MessagePort, threads: number): { render: CalibrationRenderer; measure: FrameMeasurer } {
  let next = 0;
  const waiting = new Map<number, { resolve: (reply: HelpReply) => void; reject: (error: Error) => void }>();
  port.on('message', (reply: HelpReply) => {
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) request?.reject(new Error(reply.error));
    else request?.resolve(reply);
  });
  const ask = (request: HelpRequest) =>
    new Promise<HelpReply>((resolve, reject) => {
      waiting.set(request.id, { resolve, reject });
      port.postMessage(request);
    });
  return {
    render: async (task) => {
      const reply = (await ask({ id: next++, task })) as { samples: Float32Array; sampleRate: number };
      return { samples: reply.samples, sampleRate: reply.sampleRate };
    },
    // The block is copied, not moved: a calibration sentence is measured again through a timbre later.
    measure: measuringWith(async (frames) => ((await ask({ id: next++, frames })) as { frames: BlockFrames | null }).frames, threads),
  };
}

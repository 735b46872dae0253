import type { MessagePort } from 'node:worker_threads';
import type { Pcm } from '../audio.js';
import { ownBuffer } from '../pool/transfer.js';
import type { SentenceTask } from '../pool/tasks.js';
import type { CalibrationRenderer } from './calibrate.js';

/**
 * Calibration sentences rendered by the main thread's synthesis pool for an adaptation thread,
 * over a MessagePort: the pool's threads have eSpeak loaded and optimised already, render the
 * sentences side by side, and the adaptation thread never loads an engine (time on a server's
 * first clone, memory for as long as the thread lives).
 */
type RenderRequest = { id: number; task: SentenceTask };
type RenderReply = { id: number; samples: Float32Array; sampleRate: number } | { id: number; error: string };

/** Main side: answers the adaptation thread's render requests on `port` with `render`. */
export function serveRenders(port: MessagePort, render: (task: SentenceTask) => Promise<Pcm>): void {
  port.on('message', ({ id, task }: RenderRequest) => {
    render(task).then(
      (pcm) => {
        const samples = ownBuffer(pcm.samples);
        port.postMessage({ id, samples, sampleRate: pcm.sampleRate } satisfies RenderReply, [samples.buffer as ArrayBuffer]);
      },
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
    );
  });
}

/** Adaptation side: a renderer that asks the main thread over `port`. */
export function renderThrough(port: MessagePort): CalibrationRenderer {
  let next = 0;
  const waiting = new Map<number, { resolve: (pcm: Pcm) => void; reject: (error: Error) => void }>();
  port.on('message', (reply: RenderReply) => {
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('error' in reply) request?.reject(new Error(reply.error));
    else request?.resolve({ samples: reply.samples, sampleRate: reply.sampleRate });
  });
  return (task) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ id, task } satisfies RenderRequest);
    });
}

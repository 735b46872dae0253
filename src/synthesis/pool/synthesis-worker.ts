/** Entry of each pool thread: engines and DSP run here, never on the server's event loop. */
import { collectGarbageAndShrink } from './collect-garbage.js';
import { encodeChunk } from './encode-chunk.js';
import { finishSpeech } from './finish-speech.js';
import { finishSentence, renderSentence, speakSentence } from './render-sentence.js';
import type { FinishTask, PoolTask, RenderedSentence, SentenceTask, SpeechTask } from './tasks.js';
import type { EngineOutput } from '../engines/engine.js';
import { movingResult, ownBuffer } from './transfer.js';
import { threadId, workerData, type MessagePort } from 'node:worker_threads';
import { configureEngines } from '../engines/engine-settings.js';
import { crossingThreads } from './voice-model-failure.js';
import { frameArrays } from '../adaptation/block-frames.js';
import { measureFramesHere } from '../adaptation/frame-requests.js';
import { meetAtBarrier } from './thread-barrier.js';
import { warmUpThisThread } from './warm-up-round.js';

if (workerData?.engines) configureEngines(workerData.engines);

export default async function run(task: PoolTask & { started?: MessagePort }) {
  // Tells the pool the task has a thread now: its time budget starts here.
  task.started?.postMessage('started');
  task.started?.close();
  if ('barrier' in task && task.barrier) meetAtBarrier(task.barrier);
  try {
    return await runTask(task);
  } catch (error) {
    throw crossingThreads(error);
  }
}

async function runTask(task: PoolTask) {
  switch (task.kind) {
    case 'sentence': {
      const rendered = await renderSentence(task);
      const samples = ownBuffer(rendered.samples);
      return movingResult({ ...rendered, samples }, [samples]);
    }
    case 'finish':
    case 'speech': {
      const finished = await finishSpeech(task.kind === 'finish' ? task : await renderWhole(task));
      const audio = ownBuffer(finished.audio);
      return movingResult({ ...finished, audio }, [audio]);
    }
    case 'collect':
      // Shrinking too: the young generation grown by the requests (8–12 MB) is given back as well.
      await collectGarbageAndShrink();
      return threadId;
    case 'warm-up':
      await warmUpThisThread();
      return threadId;
    case 'encode-chunk': {
      const chunk = await encodeChunk(task);
      const audio = ownBuffer(chunk.audio);
      return movingResult({ ...chunk, audio }, [audio]);
    }
    case 'frames': {
      const frames = await measureFramesHere(task.request);
      return movingResult(frames, frameArrays(frames));
    }
  }
}

/**
 * Engine calls asked for ahead of the group being finished. Flite renders in a thread of its own,
 * so it speaks the next group while this thread trims and resamples the last one, and with a call
 * already waiting when one ends it runs it in the same flite instance (flite-host.ts) instead of
 * making a fresh one: two, so that the next call is queued before the current one ends. eSpeak
 * runs in this thread, one call at a time: for it only the order of the same work changes.
 */
const enginesAhead = 2;

async function renderWhole(task: SpeechTask): Promise<FinishTask> {
  const groups: SentenceTask[] = task.groups.map((group) => ({ kind: 'sentence', ...group }));
  const spoken: Promise<EngineOutput>[] = [];
  const ask = (i: number) => {
    if (i >= groups.length) return;
    spoken[i] = speakSentence(groups[i]);
    // A later group's failure is seen when it is awaited; it is not "unhandled" meanwhile.
    spoken[i].catch(() => undefined);
  };
  for (let i = 0; i < enginesAhead; i++) ask(i);
  const pieces: RenderedSentence[] = [];
  for (let i = 0; i < groups.length; i++) {
    const output = await spoken[i];
    ask(i + enginesAhead);
    pieces.push(await finishSentence(groups[i], output));
  }
  return { kind: 'finish', pieces, pauses: task.pauses, textOffsets: task.textOffsets, output: task.output };
}

/** Entry of each pool thread: engines and DSP run here, never on the server's event loop. */
import { collectGarbage } from './collect-garbage.js';
import { encodeChunk } from './encode-chunk.js';
import { finishSpeech } from './finish-speech.js';
import { renderSentence } from './render-sentence.js';
import type { FinishTask, PoolTask, SpeechTask } from './tasks.js';
import { movingResult, ownBuffer } from './transfer.js';
import { workerData, type MessagePort } from 'node:worker_threads';
import { configureEngines } from '../engines/engine-settings.js';
import { crossingThreads } from './voice-model-failure.js';

if (workerData?.engines) configureEngines(workerData.engines);

export default async function run(task: PoolTask & { started?: MessagePort }) {
  // Tells the pool the task has a thread now: its time budget starts here.
  task.started?.postMessage('started');
  task.started?.close();
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
      collectGarbage();
      return null;
    case 'encode-chunk': {
      const chunk = await encodeChunk(task);
      const audio = ownBuffer(chunk.audio);
      return movingResult({ ...chunk, audio }, [audio]);
    }
  }
}

async function renderWhole(task: SpeechTask): Promise<FinishTask> {
  const pieces = [];
  for (const group of task.groups) pieces.push(await renderSentence({ kind: 'sentence', ...group }));
  return { kind: 'finish', pieces, pauses: task.pauses, textOffsets: task.textOffsets, output: task.output };
}

/**
 * The pipeline rows' yardstick (bench/synthesis-targets.ts): the engine alone, in a worker thread
 * of its own as the pipeline's engine runs in a pool thread, answering each message with the
 * samples it rendered (transferred, as the pool's answers are). Told the voice, model and text once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { TtsModel } from '../src/synthesis/catalog/voice-types.js';
import { plainEngineRequest } from './plain-speech.js';

const { text, slug, model } = workerData as { text: string; slug: string; model: TtsModel };
const { engine, request } = plainEngineRequest(text, slug, model);

parentPort!.on('message', async () => {
  const { samples } = await engine.synthesize(request);
  parentPort!.postMessage(samples, [samples.buffer as ArrayBuffer]);
});

/**
 * The pipeline rows' yardstick (bench/synthesis-targets.ts): the engine alone, in a worker thread
 * of its own as the pipeline's engine runs in a pool thread, answering each message with the
 * samples it rendered (transferred, as the pool's answers are). Told the voice, model and text once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { findVoiceByAnyName } from '../src/synthesis/catalog/find-voice.js';
import type { TtsModel } from '../src/synthesis/catalog/voice-types.js';
import { engineFor } from '../src/synthesis/engines/registered-engines.js';
import { renderCatalogVoice } from '../src/synthesis/pipeline/render-voice.js';

const { text, slug, model } = workerData as { text: string; slug: string; model: TtsModel };
const rendering = renderCatalogVoice(findVoiceByAnyName(slug)!, model, { preset: 'normal', intensity: 1 }, 'eng');
const engine = engineFor(rendering.voice.engine);
const request = { text, language: 'eng', voice: rendering.voice, prosody: rendering.prosody };

parentPort!.on('message', async () => {
  const { samples } = await engine.synthesize(request);
  parentPort!.postMessage(samples, [samples.buffer as ArrayBuffer]);
});

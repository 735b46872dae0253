import type { EngineRegistration } from '../engine-registry.js';
import { kokoroCatalogVoices } from './kokoro-catalog.js';
import { lazyEngine } from '../lazy-engine.js';
import { kokoroSampleRate } from './kokoro-model.js';

export const kokoroRegistration: EngineRegistration = {
  name: 'kokoro',
  capabilities: {
    languages: () => [...new Set(kokoroCatalogVoices().map((voice) => voice.language))],
    // Native when the model exports its durations (the official export's `duration`), estimated otherwise.
    wordTimings: 'estimated',
    streaming: true,
    sampleRate: kokoroSampleRate,
  },
  create: () => lazyEngine('kokoro', async () => new (await import('./kokoro-engine.js')).KokoroEngine()),
  catalogVoices: kokoroCatalogVoices,
};

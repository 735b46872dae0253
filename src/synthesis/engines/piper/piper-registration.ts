import type { EngineRegistration } from '../engine-registry.js';
import { piperCatalogVoices } from './piper-catalog.js';
import { lazyEngine } from '../lazy-engine.js';

export const piperRegistration: EngineRegistration = {
  name: 'piper',
  capabilities: {
    languages: () => [...new Set(piperCatalogVoices().map((voice) => voice.language))],
    // Native when the model exports its durations (Piper's alignment patch), estimated otherwise.
    wordTimings: 'estimated',
    streaming: true,
    sampleRate: 'per-voice',
  },
  create: () => lazyEngine('piper', async () => new (await import('./piper-engine.js')).PiperEngine()),
  catalogVoices: piperCatalogVoices,
};

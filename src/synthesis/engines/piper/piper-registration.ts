import type { EngineRegistration } from '../engine-registry.js';
import { piperCatalogVoices } from './piper-catalog.js';
import { PiperEngine } from './piper-engine.js';

export const piperRegistration: EngineRegistration = {
  name: 'piper',
  capabilities: {
    languages: () => [...new Set(piperCatalogVoices().map((voice) => voice.language))],
    // Native when the model exports its durations (Piper's alignment patch), estimated otherwise.
    wordTimings: 'estimated',
    streaming: true,
    sampleRate: 'per-voice',
  },
  create: () => new PiperEngine(),
  catalogVoices: piperCatalogVoices,
};

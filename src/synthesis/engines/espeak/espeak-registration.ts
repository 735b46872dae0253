import type { EngineRegistration } from '../engine-registry.js';
import { lazyEngine } from '../lazy-engine.js';
import { espeakSampleRate } from './espeak-sample-rate.js';
import { espeakLanguages } from './languages.js';

export const espeakRegistration: EngineRegistration = {
  name: 'espeak',
  capabilities: { languages: () => espeakLanguages, wordTimings: 'native', streaming: true, sampleRate: espeakSampleRate },
  create: () => lazyEngine('espeak', async () => new (await import('./espeak-engine.js')).EspeakEngine()),
};

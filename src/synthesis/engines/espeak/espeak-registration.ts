import type { EngineRegistration } from '../engine-registry.js';
import { EspeakEngine } from './espeak-engine.js';
import { espeakSampleRate } from './espeak-runtime.js';
import { espeakLanguages } from './languages.js';

export const espeakRegistration: EngineRegistration = {
  name: 'espeak',
  capabilities: { languages: () => espeakLanguages, wordTimings: 'native', streaming: true, sampleRate: espeakSampleRate },
  create: () => new EspeakEngine(),
};

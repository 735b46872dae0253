import type { EngineRegistration } from '../engine-registry.js';
import { lazyEngine } from '../lazy-engine.js';

export const fliteRegistration: EngineRegistration = {
  name: 'flite',
  // Word timings come from Flite's own segment relation; each voice has its own rate (8 or 16 kHz).
  capabilities: { languages: () => ['eng'], wordTimings: 'native', streaming: true, sampleRate: 'per-voice' },
  create: () => lazyEngine('flite', async () => new (await import('./flite-engine.js')).FliteEngine()),
};

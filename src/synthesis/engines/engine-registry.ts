import type { Engine, EngineName } from './engine.js';
import { EspeakEngine } from './espeak/espeak-engine.js';
import { FliteEngine } from './flite/flite-engine.js';

/** One engine of each kind per thread, made on first use (eSpeak's WASM and Flite's child are costly). */
const engines = new Map<EngineName, Engine>();

export function engineFor(name: EngineName): Engine {
  let engine = engines.get(name);
  if (!engine) {
    engine = name === 'flite' ? new FliteEngine() : new EspeakEngine();
    engines.set(name, engine);
  }
  return engine;
}

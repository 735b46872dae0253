import type { CatalogVoice } from '../catalog/voice-types.js';
import { oneLook } from './directory-entries.js';
import type { Engine, EngineCapabilities, EngineName } from './engine.js';

/**
 * How an engine joins Orator: its name, what it can do, how a thread makes one, and the voices
 * it adds to the catalog from what is installed. Adding an engine is one registration file
 * listed in registered-engines.ts; no route, service or catalog code names it.
 */
export interface EngineRegistration {
  name: EngineName;
  capabilities: EngineCapabilities;
  /** One engine per thread, made on first use (engines hold costly state: WASM heaps, children, models). */
  create(): Engine;
  /** Catalog voices this engine brings beyond the built-in ones (e.g. one per installed model speaker). */
  catalogVoices?(): readonly CatalogVoice[];
}

const registrations = new Map<EngineName, EngineRegistration>();
const engines = new Map<EngineName, Engine>();

export function registerEngine(registration: EngineRegistration): void {
  if (registrations.has(registration.name)) throw new Error(`engine "${registration.name}" is registered twice`);
  registrations.set(registration.name, registration);
}

export function registeredEngines(): readonly EngineRegistration[] {
  return [...registrations.values()];
}

export function engineRegistration(name: EngineName): EngineRegistration | undefined {
  return registrations.get(name);
}

/** This thread's engine of a kind. */
export function engineFor(name: EngineName): Engine {
  let engine = engines.get(name);
  if (!engine) {
    const registration = registrations.get(name);
    if (!registration) throw new Error(`no engine "${name}" is registered`);
    engine = registration.create();
    engines.set(name, engine);
  }
  return engine;
}

/** Voices every registered engine adds to the catalog, as installed right now. */
export function engineCatalogVoices(): CatalogVoice[] {
  return oneLook(() => registeredEngines().flatMap((registration) => registration.catalogVoices?.() ?? []));
}

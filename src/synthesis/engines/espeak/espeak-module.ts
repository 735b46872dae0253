import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * eSpeak NG's WebAssembly build in vendor/espeak-ng (scripts/espeak-ng/build.sh): the entry points
 * of Orator's binding (scripts/espeak-ng/orator-espeak.c) as Emscripten exports them.
 */
export interface EspeakModule {
  /** The module's memory as bytes; Emscripten replaces the view when memory grows. */
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  /** Starts eSpeak on a folder holding espeak-ng-data; its sample rate, or a negative error. */
  _orator_initialize(path: number): number;
  _orator_set_voice(name: number): number;
  _orator_synthesize(text: number, rate: number, volume: number, pitch: number, range: number): number;
  _orator_samples(): number;
  _orator_sample_count(): number;
  /** Events: four int32 each (type, 1-based text position, length, audio position in ms). */
  _orator_events(): number;
  _orator_event_count(): number;
  _orator_text_to_phonemes(text: number, ipa: number): number;
  /** The heap's top (sbrk(0)): nothing above it has been written since the last restore. */
  _orator_heap_top(): number;
}

type CreateEspeakModule = (options?: object) => Promise<EspeakModule>;

/** vendor/espeak-ng, found above this file whether it runs from src/ or dist/src/. */
export function espeakVendorFolder(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(folder, 'vendor', 'espeak-ng');
    if (existsSync(path.join(candidate, 'espeak-ng.wasm'))) return candidate;
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('eSpeak NG build not found: no vendor/espeak-ng/espeak-ng.wasm above ' + fileURLToPath(import.meta.url));
    folder = parent;
  }
}

/** Instantiates a fresh module (one per thread; the runtime keeps it). */
export function createEspeakModule(): Promise<EspeakModule> {
  const folder = espeakVendorFolder();
  const create = createRequire(import.meta.url)(path.join(folder, 'espeak-ng.cjs')) as CreateEspeakModule;
  // The module is handed its bytes: Emscripten's loader would otherwise fetch() the file path,
  // which Node's fetch does not take.
  return create({ wasmBinary: readFileSync(path.join(folder, 'espeak-ng.wasm')) });
}

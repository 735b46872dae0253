import { engineCatalogVoices } from '../engines/registered-engines.js';
import { builtinVoices } from './builtin-voices.js';
import type { CatalogVoice } from './voice-types.js';

const byId = new Map(builtinVoices.map((voice) => [voice.id, voice]));

/**
 * Built-in voice by its 24-hex id (the actor id); accepts the `tc_` voice id too. Voices that
 * engines bring from installed models are looked up as installed right now.
 */
export function findBuiltinVoice(id: string): CatalogVoice | undefined {
  const bare = id.startsWith('tc_') ? id.slice(3) : id;
  return byId.get(bare) ?? engineCatalogVoices().find((voice) => voice.id === bare);
}

/** The fixed catalog, then each registered engine's voices as installed right now (no restart needed). */
export function listBuiltinVoices(): readonly CatalogVoice[] {
  const installed = engineCatalogVoices();
  if (installed.length === 0) return builtinVoices;
  // The same array while nothing changes, so listings that cache by identity keep their cache.
  if (!sameVoices(installed, lastInstalled)) {
    lastInstalled = installed;
    lastList = [...builtinVoices, ...installed];
  }
  return lastList;
}

let lastInstalled: readonly CatalogVoice[] = [];
let lastList: readonly CatalogVoice[] = builtinVoices;

function sameVoices(a: readonly CatalogVoice[], b: readonly CatalogVoice[]): boolean {
  return a.length === b.length && a.every((voice, i) => voice === b[i]);
}

import { builtinVoices } from './builtin-voices.js';
import type { CatalogVoice } from './voice-types.js';

const byId = new Map(builtinVoices.map((voice) => [voice.id, voice]));

/** Built-in voice by its 24-hex id (the actor id); accepts the `tc_` voice id too. */
export function findBuiltinVoice(id: string): CatalogVoice | undefined {
  return byId.get(id.startsWith('tc_') ? id.slice(3) : id);
}

export function listBuiltinVoices(): readonly CatalogVoice[] {
  return builtinVoices;
}

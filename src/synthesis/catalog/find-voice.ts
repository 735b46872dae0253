import { findBuiltinVoice, listBuiltinVoices } from './catalog.js';
import type { CatalogVoice } from './voice-types.js';

/** A built-in voice by `tc_` id, bare 24-hex id, slug (`eng-olivia`) or English name, for people typing at a CLI. */
export function findVoiceByAnyName(query: string): CatalogVoice | undefined {
  const byId = findBuiltinVoice(query);
  if (byId) return byId;
  const wanted = query.toLowerCase();
  return listBuiltinVoices().find((v) => v.slug === wanted || v.name.eng.toLowerCase() === wanted);
}

/** The first built-in voice of a language, for requests that name no voice. */
export function defaultVoiceFor(language: string): CatalogVoice | undefined {
  return listBuiltinVoices().find((v) => v.language === language);
}

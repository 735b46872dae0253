import { listBuiltinVoices } from '../../synthesis/catalog/catalog.js';
import { ages, emotionPresets, genders, ttsModels, useCaseLabels } from '../../synthesis/catalog/voice-types.js';
import { languages } from '../../synthesis/text/languages.js';

/**
 * What the page needs besides the interface's own routes: the names of the filter values, the
 * languages with their names, and the language of each built-in voice (the `/v3/voices` shape
 * has none). Nothing in it depends on the account, so it needs no key.
 */
export function playgroundCatalog() {
  return {
    models: ttsModels,
    cloneModels: ['ssfm-v21', 'ssfm-v30'],
    emotions: emotionPresets,
    genders,
    ages,
    useCases: useCaseLabels,
    languages: [...languages.values()].map((l) => ({ code: l.iso3, english: l.english, korean: l.korean, legacy: l.legacyLocales })),
    voiceLanguages: Object.fromEntries(listBuiltinVoices().map((v) => [`tc_${v.id}`, v.language])),
  };
}

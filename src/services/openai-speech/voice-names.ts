import { voiceIdFromSlug } from '../../synthesis/catalog/builtin-voices.js';

/**
 * OpenAI's voice names → the built-in English voice of the nearest gender and age. OpenAI
 * describes its voices only loosely; the pairing follows how they sound (docs/openai.md has the
 * table). Several names share a voice: the catalog has seven English voices for thirteen names.
 */
export const openAiVoiceSlugs: Readonly<Record<string, string>> = {
  alloy: 'eng-olivia', // neutral, young adult → Olivia (female, young adult, warm, clear)
  ash: 'eng-lucas', // male, young adult, upbeat → Lucas
  ballad: 'eng-henry', // male, soft storyteller → Henry (elder, storyteller)
  coral: 'eng-grace', // female, warm, professional → Grace (middle-aged)
  echo: 'eng-james', // male, resonant → James (middle-aged, deep)
  fable: 'eng-henry', // male narrator → Henry
  onyx: 'eng-james', // male, deep → James
  nova: 'eng-emma', // female, bright, young → Emma (teenager)
  sage: 'eng-grace', // female, calm → Grace
  shimmer: 'eng-olivia', // female, soft, young adult → Olivia
  verse: 'eng-lucas', // male, versatile, young adult → Lucas
  marin: 'eng-olivia', // female, young adult → Olivia
  cedar: 'eng-james', // male, middle-aged → James
};

export const openAiVoiceNames: readonly string[] = Object.keys(openAiVoiceSlugs);

/** The Orator voice id a requested voice stands for: an OpenAI name, or a tc_/uc_ id as it is; null when neither. */
export function voiceIdForName(voice: string): string | null {
  const slug = openAiVoiceSlugs[voice.toLowerCase()];
  if (slug) return `tc_${voiceIdFromSlug(slug)}`;
  if (/^(tc|uc)_[0-9a-f]{24}$/.test(voice)) return voice;
  return null;
}

import { ttsModels, type TtsModel } from '../../synthesis/catalog/voice-types.js';

/**
 * OpenAI's speech models → Orator's tiers. `tts-1` (fast) speaks on ssfm-v30, `tts-1-hd` and
 * `gpt-4o-mini-tts` (the one that takes instructions) on ssfm-v31; for English voices both are the
 * clearer Flite tier, elsewhere eSpeak NG. Orator's own model ids are taken as they are.
 */
export const openAiModelTiers: Readonly<Record<string, TtsModel>> = {
  'tts-1': 'ssfm-v30',
  'tts-1-hd': 'ssfm-v31',
  'gpt-4o-mini-tts': 'ssfm-v31',
};

export const speechModelIds: readonly string[] = [...Object.keys(openAiModelTiers), ...ttsModels];

export interface ModelChoice {
  model: TtsModel;
  /** An OpenAI alias: the voice's nearest model may stand in when it lacks this tier. */
  alias: boolean;
}

export function modelForName(name: string): ModelChoice | null {
  // Own keys only: `__proto__` or `constructor` is no model.
  if (Object.hasOwn(openAiModelTiers, name)) return { model: openAiModelTiers[name], alias: true };
  return (ttsModels as readonly string[]).includes(name) ? { model: name as TtsModel, alias: false } : null;
}

import { ttsModels, type TtsModel } from '../../synthesis/catalog/voice-types.js';

/**
 * ElevenLabs' model ids → Orator's tiers. The low-latency models (Flash, Turbo) speak on
 * ssfm-v30, the quality ones (Multilingual v2, v3, the English v1) on ssfm-v31; a voice that lacks
 * the tier speaks on its newest model. Orator's own model ids are taken as they are (and exactly).
 */
export const elevenLabsModelTiers: Readonly<Record<string, TtsModel>> = {
  eleven_multilingual_v2: 'ssfm-v31',
  eleven_v3: 'ssfm-v31',
  eleven_monolingual_v1: 'ssfm-v31',
  eleven_multilingual_v1: 'ssfm-v31',
  eleven_flash_v2_5: 'ssfm-v30',
  eleven_flash_v2: 'ssfm-v30',
  eleven_turbo_v2_5: 'ssfm-v30',
  eleven_turbo_v2: 'ssfm-v30',
};

/** ElevenLabs' default `model_id`. */
export const defaultModelId = 'eleven_multilingual_v2';

export const elevenLabsModelIds: readonly string[] = [...Object.keys(elevenLabsModelTiers), ...ttsModels];

export interface ModelChoice {
  model: TtsModel;
  /** An ElevenLabs id: the voice's newest model stands in when it lacks this tier. */
  alias: boolean;
}

export function modelForId(id: string | null | undefined): ModelChoice | null {
  const name = id ?? defaultModelId;
  if (Object.hasOwn(elevenLabsModelTiers, name)) return { model: elevenLabsModelTiers[name], alias: true };
  return (ttsModels as readonly string[]).includes(name) ? { model: name as TtsModel, alias: false } : null;
}

/** An alias speaks on its tier when the voice has it, else on the voice's newest model. */
export function chooseModel(choice: ModelChoice, offered: readonly TtsModel[]): TtsModel {
  if (!choice.alias || offered.includes(choice.model)) return choice.model;
  return offered[offered.length - 1] ?? choice.model;
}

import type { FastifyInstance } from 'fastify';
import { defaultModelId, elevenLabsModelIds, modelForId } from '../../services/elevenlabs-speech/model-ids.js';
import { listBuiltinVoices } from '../../synthesis/catalog/catalog.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import type { TtsModel } from '../../synthesis/catalog/voice-types.js';
import { languageOf } from '../../synthesis/text/languages.js';
import { onSharedPath } from './credential-constraint.js';
import { maxTextLength } from './speech-request.js';

const tierDescriptions: Record<TtsModel, string> = {
  'ssfm-v21': 'Orator ssfm-v21: eSpeak NG voices, every language.',
  'ssfm-v30': 'Orator ssfm-v30: the fast tier (Flite for English, eSpeak NG elsewhere); emotions inferred with style > 0.',
  'ssfm-v31': 'Orator ssfm-v31: the quality tier, including installed neural voices; emotions inferred with style > 0.',
};

/** The languages the built-in and installed voices speak on a tier, as ElevenLabs lists them (ISO 639-1 ids where they exist). */
function languagesOf(tier: TtsModel): { language_id: string; name: string }[] {
  const codes = new Set<string>();
  for (const voice of listBuiltinVoices()) if (modelsOf(voice).some((m) => m.version === tier)) codes.add(voice.language);
  return [...codes].sort().map((code) => {
    const language = languageOf(code);
    return { language_id: language?.iso1 || code, name: language?.english ?? code };
  });
}

/**
 * `GET /v1/models` (xi-api-key; OpenAI's list answers other keys): ElevenLabs' model ids, each
 * standing for the Orator tier it speaks on, then Orator's own tiers, with their languages.
 */
export function registerModels(app: FastifyInstance): void {
  app.get('/v1/models', { ...onSharedPath, schema: { hide: true } }, async () =>
    elevenLabsModelIds.map((id) => {
      const tier = modelForId(id)!.model;
      const alias = id !== tier;
      return {
        model_id: id,
        name: alias ? `${id} (Orator ${tier})` : `Orator ${tier}`,
        can_be_finetuned: false,
        can_do_text_to_speech: true,
        can_do_voice_conversion: false,
        can_use_style: tier !== 'ssfm-v21',
        can_use_speaker_boost: false,
        serves_pro_voices: false,
        token_cost_factor: 1,
        description: alias ? `Speaks on ${tierDescriptions[tier]}${id === defaultModelId ? ' The default.' : ''}` : tierDescriptions[tier],
        requires_alpha_access: false,
        max_characters_request_free_user: maxTextLength,
        max_characters_request_subscribed_user: maxTextLength,
        maximum_text_length_per_request: maxTextLength,
        languages: languagesOf(tier),
      };
    }),
  );
}

import { elevenLabsModelTiers } from '../../services/elevenlabs-speech/model-ids.js';
import type { VoiceEntry } from '../../services/voices/voice-catalog.js';
import type { Age } from '../../synthesis/catalog/voice-types.js';
import { languageOf } from '../../synthesis/text/languages.js';
import { previewUrlOf } from '../site/preview.js';

/** Orator's ages in ElevenLabs' label words. */
const ageLabels: Record<Age, string> = { child: 'young', teenager: 'young', young_adult: 'young', middle_age: 'middle_aged', elder: 'old' };

/** The settings a voice speaks with when a request gives none (ElevenLabs' defaults; see voice-settings.ts for what each does). */
export const defaultVoiceSettings = { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 };

/** The labels of a voice: gender, age, language (ISO 639-1 where it has one), use case, as far as they are known. */
export function labelsOf(entry: VoiceEntry): Record<string, string> {
  const labels: Record<string, string> = {};
  if (entry.gender) labels.gender = entry.gender;
  if (entry.age) labels.age = ageLabels[entry.age];
  const language = entry.language ? languageOf(entry.language) : undefined;
  if (entry.language) labels.language = language?.iso1 || entry.language;
  if (entry.useCases[0]) labels.use_case = entry.useCases[0].toLowerCase();
  if (entry.style.length > 0) labels.descriptive = entry.style[0];
  return labels;
}

/** The model ids (ElevenLabs' and Orator's) a voice speaks with at its own tier. */
function modelIdsOf(entry: VoiceEntry): string[] {
  const versions = entry.models.map((m) => m.version as string);
  return [...Object.keys(elevenLabsModelTiers).filter((id) => versions.includes(elevenLabsModelTiers[id])), ...versions];
}

/**
 * A voice as ElevenLabs lists it: built-in and installed neural voices are `premade`, the
 * account's custom voices `cloned`. `voice_id` is the Orator id (or the premade id asked for).
 */
export function elevenLabsVoice(entry: VoiceEntry, publicUrl: string, voiceId = entry.voiceId) {
  const builtin = entry.kind === 'builtin';
  const language = entry.language ? languageOf(entry.language) : undefined;
  return {
    voice_id: voiceId,
    name: entry.name.eng,
    category: builtin ? 'premade' : 'cloned',
    labels: labelsOf(entry),
    description: [language?.english, ...entry.style].filter(Boolean).join(', '),
    ...(builtin && { preview_url: previewUrlOf(publicUrl, entry.voiceId) }),
    available_for_tiers: [],
    settings: defaultVoiceSettings,
    high_quality_base_model_ids: modelIdsOf(entry),
    is_owner: !builtin,
    is_legacy: false,
  };
}
export type ElevenLabsVoice = ReturnType<typeof elevenLabsVoice>;

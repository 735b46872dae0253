import type { VoiceEntry } from '../../../services/voices/voice-catalog.js';
import { previewUrlOf } from '../../site/preview.js';

const voiceType = (entry: VoiceEntry) => (entry.kind === 'builtin' ? 'original' : 'custom');

/** `/v3/voices` item: localized names and a preview served by this server (none for custom voices). */
export function v3Voice(entry: VoiceEntry, publicUrl: string) {
  return {
    voice_id: entry.voiceId,
    voice_name: entry.name,
    voice_type: voiceType(entry),
    gender: entry.gender,
    age: entry.age,
    models: entry.models,
    use_cases: entry.useCases,
    preview_url: entry.kind === 'builtin' ? previewUrlOf(publicUrl, entry.voiceId) : null,
  };
}

/** The models the deprecated `/v2` knows (its filter's list). */
export const v2Models: readonly string[] = ['ssfm-v21', 'ssfm-v30'];

/**
 * `/v2/voices` item: the English name as a plain string, no preview, and only the models `/v2`
 * knows. The official Python client parses `models[].version` into an enumeration of ssfm-v21
 * and ssfm-v30 (`ModelInfo`), so one ssfm-v31 entry would make `voices_v2()` fail as a whole.
 */
export function v2Voice(entry: VoiceEntry) {
  return {
    voice_id: entry.voiceId,
    voice_name: entry.name.eng,
    voice_type: voiceType(entry),
    gender: entry.gender,
    age: entry.age,
    models: entry.models.filter((m) => v2Models.includes(m.version)),
    use_cases: entry.useCases,
  };
}

/** `/v1/voices` items: one per voice and model (only `model` when given). */
export function v1Voices(entry: VoiceEntry, model?: string) {
  return entry.models
    .filter((m) => model === undefined || m.version === model)
    .map((m) => ({ voice_id: entry.voiceId, voice_name: entry.name.eng, model: m.version, emotions: m.emotions }));
}

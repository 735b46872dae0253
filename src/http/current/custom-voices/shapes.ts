import { Type, type Static } from '@sinclair/typebox';
import type { CustomVoice } from '../../../services/custom-voices/index.js';
import { Nullable, StringEnum } from '../schemas/common.js';

const VoiceId = Type.String({ pattern: '^uc_[0-9a-f]{24}$', description: '`uc_` and 24 hex digits' });

export const CustomVoiceResponse = Type.Object(
  { voice_id: VoiceId, name: Type.String(), model: StringEnum(['ssfm-v21', 'ssfm-v30']) },
  { title: 'CustomVoiceResponse', description: 'The voice, usable at once as voice_id with its model' },
);

export const ProfessionalCloneResponse = Type.Object(
  { voice_id: VoiceId, name: Type.String(), model: StringEnum(['ssfm-v21', 'ssfm-v30']), status: StringEnum(['pending', 'training', 'completed', 'failed']) },
  { title: 'ProfessionalCloneResponse', description: 'The voice, queued for training (status pending)' },
);

export const CustomVoiceItem = Type.Object(
  {
    voice_id: VoiceId,
    name: Type.String(),
    model: StringEnum(['ssfm-v21', 'ssfm-v30']),
    source: StringEnum(['instant', 'professional']),
    status: StringEnum(['pending', 'training', 'completed', 'failed']),
    error: Nullable(Type.String({ description: 'Why it failed (safe to show), when failed' })),
    created_at: Type.String({ format: 'date-time', description: 'ISO 8601 UTC' }),
  },
  { title: 'CustomVoiceItem' },
);

export const customVoiceResponse = (voice: CustomVoice): Static<typeof CustomVoiceResponse> => ({ voice_id: voice.voiceId, name: voice.name, model: voice.model });

export const professionalCloneResponse = (voice: CustomVoice): Static<typeof ProfessionalCloneResponse> => ({
  voice_id: voice.voiceId,
  name: voice.name,
  model: voice.model,
  status: voice.status,
});

export const customVoiceItem = (voice: CustomVoice): Static<typeof CustomVoiceItem> => ({
  voice_id: voice.voiceId,
  name: voice.name,
  model: voice.model,
  source: voice.source,
  status: voice.status,
  error: voice.error,
  created_at: new Date(voice.createdAt).toISOString(),
});

/** Path parameter of the voice routes: any text, so a malformed id is a 404 like an unknown one. */
export const VoiceIdParams = Type.Object({ voice_id: Type.String({ description: 'A custom voice id (uc_…)' }) });
export type VoiceIdParamsValue = Static<typeof VoiceIdParams>;

import { Type } from '@sinclair/typebox';
import { ages, emotionPresets, genders, ttsModels, useCaseLabels } from '../../../synthesis/catalog/voice-types.js';
import { v2UseCaseLabels } from '../../../services/voices/voice-catalog-filters.js';
import { Nullable, StringEnum } from './common.js';

const ModelEntry = Type.Object(
  { version: StringEnum(ttsModels), emotions: Type.Array(StringEnum(emotionPresets)) },
  { title: 'VoiceModel' },
);
const V2ModelEntry = Type.Object(
  { version: StringEnum(['ssfm-v21', 'ssfm-v30'] as const), emotions: Type.Array(StringEnum(emotionPresets)) },
  { title: 'VoiceModelV2', description: 'The deprecated /v2 lists the models it knows: ssfm-v21 and ssfm-v30' },
);
const voiceType = StringEnum(['original', 'custom'] as const);
const common = <M extends typeof ModelEntry | typeof V2ModelEntry>(model: M) => ({
  voice_id: Type.String({ description: '`tc_…` built-in, `uc_…` custom', examples: ['tc_62a8975e695ad26f7fb514d1'] }),
  voice_type: voiceType,
  gender: Nullable(StringEnum(genders)),
  age: Nullable(StringEnum(ages)),
  models: Type.Array(model),
  use_cases: Type.Array(Type.String()),
});

export const V3Voice = Type.Object(
  {
    ...common(ModelEntry),
    voice_name: Type.Record(Type.String(), Type.String(), { description: 'Names by ISO 639-3 code (eng, kor)' }),
    preview_url: Nullable(Type.String({ description: 'MP3 preview served by this server; null for custom voices' })),
  },
  { title: 'VoiceV3' },
);
export const V2Voice = Type.Object({ ...common(V2ModelEntry), voice_name: Type.String() }, { title: 'VoiceV2' });
export const V1Voice = Type.Object(
  { voice_id: Type.String(), voice_name: Type.String(), model: StringEnum(ttsModels), emotions: Type.Array(StringEnum(emotionPresets)) },
  { title: 'VoiceV1' },
);
export const RecommendedVoice = Type.Object({ voice_id: Type.String(), voice_name: Type.String(), score: Type.Number() }, { title: 'RecommendedVoice' });

export const V3Query = Type.Object({
  model: Type.Optional(StringEnum(ttsModels)),
  gender: Type.Optional(StringEnum(genders)),
  age: Type.Optional(StringEnum(ages)),
  use_cases: Type.Optional(Type.String({ maxLength: 200, description: 'Keyword, matched case-insensitively inside the use-case labels' })),
  voice_type: Type.Optional(voiceType),
});
export const V2Query = Type.Object({
  voice_id: Type.Optional(Type.String({ maxLength: 100, description: 'Only this voice: an array holding it, or an empty array (the PHP client\'s getVoiceV2)' })),
  model: Type.Optional(StringEnum(['ssfm-v21', 'ssfm-v30'] as const)),
  gender: Type.Optional(StringEnum(genders)),
  age: Type.Optional(StringEnum(ages)),
  use_cases: Type.Optional(StringEnum(v2UseCaseLabels(useCaseLabels), { description: 'One label of the enumeration' })),
  voice_type: Type.Optional(voiceType),
});
export const V1Query = Type.Object({ model: Type.Optional(StringEnum(ttsModels)) });
export const RecommendationQuery = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 500, description: 'What the voice should sound like, in words' }),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 5 })),
});
export const VoiceIdParams = Type.Object({ voice_id: Type.String({ maxLength: 100 }) });

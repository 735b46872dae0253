import { Type, type Static } from '@sinclair/typebox';
import type { ElevenLabsSpeechOrder } from '../../services/elevenlabs-speech/elevenlabs-speech-service.js';
import { maxSpeed, minSpeed } from '../../services/elevenlabs-speech/voice-settings.js';
import { iso3FromIso1, normalizeIso3 } from '../../synthesis/text/languages.js';
import { elevenLabsErrors } from './elevenlabs-error.js';
import { parseOutputFormat } from './output-format.js';

/** Characters a request's `text` may have (ElevenLabs' v3 limit; its other models take more). */
export const maxTextLength = 5000;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const unit = Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]));

export const VoiceSettingsBody = Type.Object({
  stability: unit,
  similarity_boost: unit,
  style: unit,
  use_speaker_boost: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  speed: Type.Optional(Type.Union([Type.Number({ minimum: minSpeed, maximum: maxSpeed }), Type.Null()])),
});

/** ElevenLabs' `PronunciationDictionaryVersionLocator`: a dictionary of the account, and a version (the latest when left out). */
export const DictionaryLocatorBody = Type.Object({
  pronunciation_dictionary_id: Type.String({ minLength: 1, maxLength: 100 }),
  version_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()])),
});

/**
 * The body of the four text-to-speech routes. Fields ElevenLabs has that cannot mean anything
 * here (previous/next_request_ids, use_pvc_as_ivc,
 * apply_text_normalization, apply_language_text_normalization, audio_effects) are accepted and
 * ignored (docs/elevenlabs.md).
 */
export const SpeechBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: maxTextLength }),
  model_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  language_code: Type.Optional(Nullable(Type.String({ maxLength: 16 }))),
  voice_settings: Type.Optional(Type.Union([VoiceSettingsBody, Type.Null()])),
  seed: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 4294967295 }), Type.Null()])),
  previous_text: Type.Optional(Nullable(Type.String({ maxLength: maxTextLength }))),
  next_text: Type.Optional(Nullable(Type.String({ maxLength: maxTextLength }))),
  pronunciation_dictionary_locators: Type.Optional(Type.Union([Type.Array(DictionaryLocatorBody, { maxItems: 3 }), Type.Null()])),
});
export type SpeechBodyValue = Static<typeof SpeechBody>;

export const SpeechQuery = Type.Object({
  output_format: Type.Optional(Type.String({ maxLength: 32 })),
  enable_logging: Type.Optional(Type.Boolean()),
  optimize_streaming_latency: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
});
export type SpeechQueryValue = Static<typeof SpeechQuery>;

export const SpeechParams = Type.Object({ voice_id: Type.String({ minLength: 1, maxLength: 100 }) });
export type SpeechParamsValue = Static<typeof SpeechParams>;

/** ElevenLabs' `language_code` (ISO 639-1 as it documents, a region after it such as `pt-BR` ignored; ISO 639-3 is taken too) → ours, or its 422. */
export function languageOf(code: string | null | undefined): string | null {
  if (!code) return null;
  const base = code.split(/[-_]/)[0];
  const language = base.length === 2 ? iso3FromIso1(base) : normalizeIso3(base);
  if (!language) throw elevenLabsErrors.invalid('invalid_language_code', `language_code '${code}' is not a language this server speaks.`);
  return language;
}

/** A request that passed the schema → the service's order (output_format and language_code checked here, 422). */
export function speechOrderOf(params: SpeechParamsValue, query: SpeechQueryValue, body: SpeechBodyValue): ElevenLabsSpeechOrder {
  const encoding = parseOutputFormat(query.output_format);
  return {
    voiceId: params.voice_id,
    text: body.text,
    modelId: body.model_id ?? null,
    language: languageOf(body.language_code),
    settings: body.voice_settings ?? null,
    seed: body.seed ?? null,
    previousText: body.previous_text ?? null,
    nextText: body.next_text ?? null,
    dictionaries: (body.pronunciation_dictionary_locators ?? []).map((l) => ({ id: l.pronunciation_dictionary_id, versionId: l.version_id ?? null })),
    encoding: { codec: encoding.codec, sampleRate: encoding.sampleRate, bitrateKbps: encoding.bitrateKbps },
  };
}

/** The route schema of the four text-to-speech routes (hidden from the Typecast OpenAPI document). */
export const speechSchema = { params: SpeechParams, querystring: SpeechQuery, body: SpeechBody, hide: true };

import type { SpeakOrder } from '../../services/speaks/speak-order.js';
import { characterCount } from '../../services/speaks/speak-service.js';
import type { AudioFormat } from '../../synthesis/pipeline/speech-request.js';
import { resolveLegacyLang } from '../../synthesis/text/languages.js';
import { hasSpeakableContent } from '../../synthesis/text/speakable.js';
import { bodyErrors, objectBody, oneOf, optionalBoolean, optionalNumber, optionalString, requiredString } from './body-fields.js';

/** Text limit of the earlier interface's synthesis (characters). */
export const maxTextLength = 350;

/** Fields of the body that are kept as the speak's `query`; anything else is ignored. */
const knownFields = [
  'text', 'tts_mode', 'actor_id', 'speak_resource_id', 'lang', 'xapi_hd', 'xapi_audio_format', 'model_version',
  'emotion_tone_preset', 'emotion_prompt', 'volume', 'speed_x', 'tempo', 'pitch', 'max_seconds', 'duration', 'last_pitch',
] as const;

const formats: Record<string, AudioFormat> = { wav: 'wav', mp3: 'mp3', 'mu-law': 'mulaw' };

/**
 * The body of `POST /api/speak` and `POST /api/text-to-speech` → a SpeakOrder, or the 400 of the
 * first field at fault, checked in the order of the interface document. Unknown fields are
 * ignored, as clients of the real service send extras (e.g. `style_label`); values that need the
 * catalog (actor, version, emotion, upload) are checked by the speak service.
 */
export function parseSpeakBody(raw: unknown): { order: SpeakOrder; query: Record<string, unknown> } {
  const body = objectBody(raw);
  const text = requiredString(body, 'text', 100_000);
  if (characterCount(text) > maxTextLength) throw bodyErrors.invalid('text', `text is longer than ${maxTextLength} characters`);
  if (!hasSpeakableContent(text)) throw bodyErrors.invalid('text', 'text has nothing that can be spoken');
  const mode = oneOf('tts_mode', optionalString(body, 'tts_mode', 32) ?? 'actor', ['actor', 'audio_file'] as const);
  const actorId = mode === 'actor' ? requiredString(body, 'actor_id', 64) : null;
  const speakResourceId = mode === 'audio_file' ? requiredString(body, 'speak_resource_id', 64) : null;
  const langValue = requiredString(body, 'lang', 32);
  const lang = resolveLegacyLang(langValue, mode);
  if (lang === null) throw bodyErrors.invalid('lang', `lang "${langValue}" is not available in ${mode} mode`);
  const hd = optionalBoolean(body, 'xapi_hd') ?? false;
  const format = formats[oneOf('xapi_audio_format', optionalString(body, 'xapi_audio_format', 16) ?? 'wav', Object.keys(formats))];
  const modelVersion = optionalString(body, 'model_version', 64) ?? 'latest';
  const preset = optionalString(body, 'emotion_tone_preset', 64);
  const emotionPrompt = optionalString(body, 'emotion_prompt', 500);
  const volume = optionalNumber(body, 'volume', 0, 200, true) ?? 100;
  const speedX = optionalNumber(body, 'speed_x', 0.5, 2) ?? 1;
  const tempo = optionalNumber(body, 'tempo', 0.5, 2) ?? 1;
  const pitch = optionalNumber(body, 'pitch', -12, 12, true) ?? 0;
  const maxSeconds = optionalNumber(body, 'max_seconds', 1, 60) ?? 30;
  const duration = optionalNumber(body, 'duration', 1, 60);
  const lastPitch = optionalNumber(body, 'last_pitch', -2, 2, true) ?? 0;
  const query: Record<string, unknown> = {};
  for (const field of knownFields) if (body[field] !== undefined) query[field] = body[field];
  return {
    query,
    order: {
      text,
      mode,
      actorId,
      speakResourceId,
      language: lang === 'auto' ? null : lang,
      format,
      hd,
      modelVersion,
      emotionPreset: preset === null ? null : normalizePreset(preset),
      emotionPrompt,
      volume,
      speedX,
      tempo,
      pitch,
      maxSeconds,
      duration,
      lastPitch,
    },
  };
}

/** `Happy`, `happy-1` (the real service's numbered style labels) → `happy`. */
function normalizePreset(value: string): string {
  return value.trim().toLowerCase().replace(/-\d+$/, '');
}

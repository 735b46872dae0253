import { ValidationError, type FieldIssue } from '../../api-error.js';
import { defaultOutputOrder, type EmotionOrder, type SpeechOrder } from '../../../services/speech/speech-order.js';
import type { EmotionPreset } from '../../../synthesis/catalog/voice-types.js';
import { normalizeIso3 } from '../../../synthesis/text/languages.js';
import type { SpeechBodyValue, StreamBodyValue } from '../schemas/speech-body.js';

type Body = SpeechBodyValue | StreamBodyValue;

/**
 * Codes the official clients offer (the Python client's `LanguageCode`) for a language no engine
 * here speaks, and the language that reads them instead. Min Nan is written in Han characters,
 * which the Mandarin voice reads; refusing the code would break a client call that the real
 * service accepts.
 */
const standIns: ReadonlyMap<string, string> = new Map([['nan', 'zho']]);

function languageCode(value: string): string | null {
  return normalizeIso3(value) ?? standIns.get(value.toLowerCase()) ?? null;
}

/**
 * A body that passed the schema → the service's order. Two rules a schema cannot say are checked
 * here, still as FastAPI 422s: the language must be one we speak (ISO 639-3, any case), and
 * `volume` and `target_lufs` exclude each other. `loc` is where the body sits (a compose segment).
 */
export function speechOrderOf(body: Body, loc: (string | number)[] = ['body']): SpeechOrder {
  const issues: FieldIssue[] = [];
  let language: string | null = null;
  if (body.language !== undefined && body.language !== null) {
    language = languageCode(body.language);
    if (!language) issues.push({ loc: [...loc, 'language'], msg: `Input should be a supported ISO 639-3 language code, not '${body.language}'`, type: 'enum' });
  }
  const output = body.output ?? {};
  const volume = (output as { volume?: number | null }).volume;
  const targetLufs = output.target_lufs ?? null;
  if (targetLufs !== null && volume !== undefined && volume !== null) {
    issues.push({ loc: [...loc, 'output'], msg: 'Value error, volume and target_lufs cannot be used together', type: 'value_error' });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return {
    voiceId: body.voice_id,
    text: body.text,
    model: body.model,
    language,
    emotion: emotionOf(body.prompt),
    output: {
      format: output.audio_format ?? defaultOutputOrder.format,
      volume: volume ?? defaultOutputOrder.volume,
      targetLufs,
      pitch: output.audio_pitch ?? defaultOutputOrder.pitch,
      tempo: output.audio_tempo ?? defaultOutputOrder.tempo,
    },
    seed: body.seed ?? null,
  };
}

function emotionOf(prompt: Body['prompt']): EmotionOrder {
  if (!prompt) return { kind: 'plain', preset: 'normal', intensity: 1 };
  if ('emotion_type' in prompt && prompt.emotion_type === 'smart') {
    return { kind: 'smart', previousText: prompt.previous_text ?? null, nextText: prompt.next_text ?? null };
  }
  const named = prompt as { emotion_type?: 'preset'; emotion_preset?: EmotionPreset; emotion_intensity?: number };
  return { kind: named.emotion_type === 'preset' ? 'preset' : 'plain', preset: named.emotion_preset ?? 'normal', intensity: named.emotion_intensity ?? 1 };
}

import type { DictionaryLocator } from '../../services/pronunciation-dictionaries/pronunciation-dictionary-service.js';
import { maxDictionariesPerRequest } from '../../services/pronunciation-dictionaries/dictionary-limits.js';
import type { ElevenLabsVoiceSettings } from '../../services/elevenlabs-speech/voice-settings.js';
import { maxSpeed, minSpeed } from '../../services/elevenlabs-speech/voice-settings.js';
import type { CharacterAlignment } from '../../services/elevenlabs-speech/alignment.js';
import type { OutgoingAudio } from '../../services/stream-input/stream-input-session.js';

/** A client message that cannot be taken: answered with an error message and a close. */
export class BadMessageError extends Error {}

/** One client message of the stream-input protocol, checked. */
export interface TextMessage {
  text: string;
  flush: boolean;
  tryTrigger: boolean;
  /** Only the first message's are used. */
  key: string | null;
  settings: ElevenLabsVoiceSettings | null;
  schedule: number[] | null;
  /** `pronunciation_dictionary_locators` (the first message's are used). */
  dictionaries: DictionaryLocator[];
}

/** ElevenLabs' range of each `chunk_length_schedule` entry. */
const scheduleRange = [50, 500] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unit(settings: Record<string, unknown>, name: string, min = 0, max = 1): number | null {
  const value = settings[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) throw new BadMessageError(`voice_settings.${name} must be a number from ${min} to ${max}`);
  return value;
}

function voiceSettingsOf(value: unknown): ElevenLabsVoiceSettings | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw new BadMessageError('voice_settings must be an object');
  const boost = value.use_speaker_boost;
  if (boost !== undefined && boost !== null && typeof boost !== 'boolean') throw new BadMessageError('voice_settings.use_speaker_boost must be a boolean');
  return {
    stability: unit(value, 'stability'),
    similarity_boost: unit(value, 'similarity_boost'),
    style: unit(value, 'style'),
    use_speaker_boost: (boost as boolean | null | undefined) ?? null,
    speed: unit(value, 'speed', minSpeed, maxSpeed),
  };
}

function scheduleOf(value: unknown): number[] | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) throw new BadMessageError('generation_config must be an object');
  const schedule = value.chunk_length_schedule;
  if (schedule === undefined || schedule === null) return null;
  const [min, max] = scheduleRange;
  if (!Array.isArray(schedule) || schedule.length === 0 || schedule.some((n) => typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max)) {
    throw new BadMessageError(`generation_config.chunk_length_schedule must be a list of numbers from ${min} to ${max}`);
  }
  return schedule.map((n) => Math.round(n as number));
}

/** ElevenLabs' `pronunciation_dictionary_locators`: up to 3 `{pronunciation_dictionary_id, version_id?}`. */
function dictionariesOf(value: unknown): DictionaryLocator[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > maxDictionariesPerRequest) throw new BadMessageError(`pronunciation_dictionary_locators must be a list of at most ${maxDictionariesPerRequest}`);
  return value.map((locator: unknown) => {
    const id = isObject(locator) ? locator.pronunciation_dictionary_id : undefined;
    const version = isObject(locator) ? locator.version_id : undefined;
    if (typeof id !== 'string' || id === '' || id.length > 100 || (version !== undefined && version !== null && (typeof version !== 'string' || version.length > 100))) {
      throw new BadMessageError('each pronunciation_dictionary_locators entry needs a pronunciation_dictionary_id (and may name a version_id)');
    }
    return { id, versionId: (version as string | null | undefined) || null };
  });
}

function flag(message: Record<string, unknown>, name: string): boolean {
  const value = message[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new BadMessageError(`${name} must be a boolean`);
  return value;
}

/**
 * A client message: a JSON object with a string `text`. The first may carry the key
 * (`xi_api_key`, or `xi-api-key` as ElevenLabs' JS client names it), `voice_settings`,
 * `generation_config` and `pronunciation_dictionary_locators`; every one may carry `flush` and `try_trigger_generation`.
 */
export function parseTextMessage(data: Buffer | string, isBinary: boolean): TextMessage {
  if (isBinary) throw new BadMessageError('Messages must be JSON text frames');
  let message: unknown;
  try {
    message = JSON.parse(typeof data === 'string' ? data : data.toString('utf8'));
  } catch {
    throw new BadMessageError('The message is not valid JSON');
  }
  if (!isObject(message)) throw new BadMessageError('The message must be a JSON object');
  if (typeof message.text !== 'string') throw new BadMessageError("Field required: 'text' (a string)");
  const key = message.xi_api_key ?? message['xi-api-key'];
  if (key !== undefined && key !== null && typeof key !== 'string') throw new BadMessageError('xi_api_key must be a string');
  return {
    text: message.text,
    flush: flag(message, 'flush'),
    tryTrigger: flag(message, 'try_trigger_generation'),
    key: (key as string | null | undefined) ?? null,
    settings: voiceSettingsOf(message.voice_settings),
    schedule: scheduleOf(message.generation_config ?? message.generator_config),
    dictionaries: dictionariesOf(message.pronunciation_dictionary_locators),
  };
}

/** ElevenLabs' alignment on this socket: characters with start and duration in whole milliseconds. */
function wireAlignment(alignment: CharacterAlignment) {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  return {
    chars: alignment.characters,
    charStartTimesMs: alignment.character_start_times_seconds.map(ms),
    charDurationsMs: alignment.character_start_times_seconds.map((start, i) => Math.max(0, ms(alignment.character_end_times_seconds[i]) - ms(start))),
  };
}

/** An audio message: base64 audio, `isFinal` null, and the alignments of its own characters. */
export function audioMessage(chunk: OutgoingAudio): string {
  const audio = Buffer.from(chunk.audio.buffer, chunk.audio.byteOffset, chunk.audio.byteLength).toString('base64');
  const empty = chunk.alignment.characters.length === 0;
  return JSON.stringify({
    audio,
    isFinal: null,
    normalizedAlignment: empty ? null : wireAlignment(chunk.normalizedAlignment),
    alignment: empty ? null : wireAlignment(chunk.alignment),
  });
}

export const finalMessage = JSON.stringify({ isFinal: true });

/** An error message before a close: what went wrong, ElevenLabs' reason, and the close code that follows. */
export function errorMessage(reason: string, message: string, code: number): string {
  return JSON.stringify({ message, error: reason, code });
}

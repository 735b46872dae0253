import { byId } from './dom.js';
import type { Voice } from './types.js';

/** The body of `POST /v1/text-to-speech` exactly as the form on screen describes it. */
export interface SpeechRequest {
  voice_id: string;
  text: string;
  model: string;
  language?: string;
  prompt: Record<string, string | number>;
  output: Record<string, string | number>;
  seed?: number;
}

const value = (id: string) => byId<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(id).value;

export function speechRequest(voice: Voice): SpeechRequest {
  const model = value('model');
  const request: SpeechRequest = { voice_id: voice.voice_id, text: value('text'), model, prompt: {}, output: {} };
  if (value('language')) request.language = value('language');
  if (value('emotion-kind') === 'smart') {
    request.prompt = { emotion_type: 'smart' };
    if (value('previous-text')) request.prompt.previous_text = value('previous-text');
    if (value('next-text')) request.prompt.next_text = value('next-text');
  } else {
    // ssfm-v21 knows only the plain prompt; later models take the typed one.
    request.prompt = model === 'ssfm-v21' ? {} : { emotion_type: 'preset' };
    request.prompt.emotion_preset = value('emotion-preset');
    request.prompt.emotion_intensity = Number(value('emotion-intensity'));
  }
  if (value('loudness-kind') === 'lufs') request.output.target_lufs = Number(value('lufs'));
  else request.output.volume = Number(value('volume'));
  request.output.audio_pitch = Number(value('pitch'));
  request.output.audio_tempo = Number(value('tempo'));
  request.output.audio_format = value('format');
  const seed = value('seed').trim();
  if (seed !== '') request.seed = Number(seed);
  return request;
}

/** The same request for the streaming route: MP3 (what the browser can append while it plays), no volume. */
export function streamRequest(request: SpeechRequest): SpeechRequest {
  const { volume: _volume, ...output } = request.output;
  return { ...request, output: { ...output, audio_format: 'mp3' } };
}

/** Which control a field of a 422 (`text`, `output.audio_tempo`, …) belongs to. */
export function controlOf(field: string): HTMLElement | null {
  const ids: Record<string, string> = {
    text: 'text',
    seed: 'seed',
    language: 'language',
    model: 'model',
    'output.audio_tempo': 'tempo',
    'output.audio_pitch': 'pitch',
    'output.volume': 'volume',
    'output.target_lufs': 'lufs',
    'output.audio_format': 'format',
    'output': 'loudness-kind',
    'prompt.previous_text': 'previous-text',
    'prompt.next_text': 'next-text',
  };
  const id = ids[field] ?? (field.startsWith('prompt') ? 'emotion-preset' : null);
  return id ? document.getElementById(id) : null;
}

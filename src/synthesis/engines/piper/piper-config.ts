import { readFileSync } from 'node:fs';
import { ModelError } from '../model-error.js';

/** What Orator reads from a Piper voice's `NAME.onnx.json`. */
export interface PiperConfig {
  sampleRate: number;
  /** eSpeak NG voice the model was trained with (`en-us`, `de`, …). */
  espeakVoice: string;
  /** Piper's language code (`en_US`), when given. */
  languageCode: string | null;
  phonemeIdMap: Record<string, number[]>;
  numSpeakers: number;
  /** Speaker name → id. */
  speakerIdMap: Record<string, number>;
  noiseScale: number;
  lengthScale: number;
  noiseW: number;
}

/** Reads and checks a `.onnx.json`; every defect is a `ModelError` naming the file and the field. */
export function readPiperConfig(path: string): PiperConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ModelError('config_missing', `${path}: no such file (a Piper voice needs NAME.onnx and NAME.onnx.json side by side)`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ModelError('config_invalid', `${path}: not JSON (${(error as Error).message})`);
  }
  return parsePiperConfig(json, path);
}

export function parsePiperConfig(json: unknown, path: string): PiperConfig {
  const bad = (what: string) => new ModelError('config_invalid', `${path}: ${what}`);
  if (!isObject(json)) throw bad('not a JSON object');
  const audio = json.audio;
  const sampleRate = isObject(audio) ? audio.sample_rate : undefined;
  if (typeof sampleRate !== 'number' || !Number.isInteger(sampleRate) || sampleRate < 4000 || sampleRate > 96000) throw bad('audio.sample_rate must be an integer Hz');
  const phonemeType = json.phoneme_type ?? 'espeak';
  if (phonemeType !== 'espeak') throw bad(`phoneme_type "${String(phonemeType)}" is not supported (only espeak)`);
  const espeak = json.espeak;
  const espeakVoice = isObject(espeak) ? espeak.voice : undefined;
  if (typeof espeakVoice !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/i.test(espeakVoice)) throw bad('espeak.voice must name an eSpeak NG voice');
  const idMap = json.phoneme_id_map;
  if (!isObject(idMap) || Object.keys(idMap).length === 0) throw bad('phoneme_id_map must be a non-empty object');
  const phonemeIdMap: Record<string, number[]> = {};
  for (const [phoneme, ids] of Object.entries(idMap)) {
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => Number.isInteger(id) && id >= 0)) throw bad(`phoneme_id_map["${phoneme}"] must be a list of ids`);
    phonemeIdMap[phoneme] = ids as number[];
  }
  for (const marker of ['^', '$', '_']) if (!phonemeIdMap[marker]) throw bad(`phoneme_id_map lacks "${marker}" (Piper's BOS, EOS and pad)`);
  const numSpeakers = json.num_speakers ?? 1;
  if (typeof numSpeakers !== 'number' || !Number.isInteger(numSpeakers) || numSpeakers < 1) throw bad('num_speakers must be a positive integer');
  const speakerIdMap: Record<string, number> = {};
  if (isObject(json.speaker_id_map)) {
    for (const [name, id] of Object.entries(json.speaker_id_map)) {
      if (!Number.isInteger(id) || (id as number) < 0 || (id as number) >= numSpeakers) throw bad(`speaker_id_map["${name}"] is not a speaker id below num_speakers`);
      speakerIdMap[name] = id as number;
    }
  }
  const inference = isObject(json.inference) ? json.inference : {};
  const language = isObject(json.language) ? json.language.code : undefined;
  return {
    sampleRate,
    espeakVoice: espeakVoice.toLowerCase(),
    languageCode: typeof language === 'string' ? language : null,
    phonemeIdMap,
    numSpeakers,
    speakerIdMap,
    noiseScale: finite(inference.noise_scale, 0.667),
    lengthScale: finite(inference.length_scale, 1),
    noiseW: finite(inference.noise_w, 0.8),
  };
}

function finite(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

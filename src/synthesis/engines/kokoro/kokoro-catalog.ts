import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CatalogVoice } from '../../catalog/voice-types.js';
import { directoryEntries } from '../directory-entries.js';
import { engineSettings } from '../engine-settings.js';
import { withNeuralRuntimeProblem } from '../neural-runtime.js';
import { neuralCatalogVoice, readSidecarFile, titleCase, type VoiceSidecar as NeuralVoiceSidecar } from '../neural-catalog-voice.js';
import { kokoroLanguages, kokoroVoiceNaming, type KokoroLanguage } from './kokoro-languages.js';
import { voiceNamesIn, voicesPathIn } from './kokoro-voices.js';

/**
 * A Kokoro model as installed: a directory `MODELS_DIR/NAME/` holding `model.onnx`, its voices
 * (`voices.bin`/`voices.npz` or `voices/`), optionally Kokoro's `config.json` (its vocab) and a
 * `voice.json` sidecar (names, genders, ages per voice).
 */
export interface InstalledKokoroModel {
  name: string;
  dir: string;
  onnxPath: string;
  voicesPath: string | null;
  /** Bytes of the graph and the voices together (what a thread holds when it is loaded). */
  bytes: number;
  languages: string[];
  problem: string | null;
  voices: CatalogVoice[];
}

interface VoiceSidecar extends NeuralVoiceSidecar {
  /** A Kokoro language letter (a, b, e, f, h, i, j, p, z) for a voice named outside the convention. */
  language?: string;
}

export const kokoroModelFile = 'model.onnx';

/** The stable slug of a Kokoro voice: its id is the hash, the same on every machine. */
export function kokoroSlug(modelName: string, voice: string): string {
  return `kokoro:${modelName}:${voice}`;
}

function sizeOf(file: string): number {
  try {
    const stat = statSync(file);
    if (!stat.isDirectory()) return stat.size;
    return readdirSync(file).reduce((sum, f) => sum + sizeOf(path.join(file, f)), 0);
  } catch {
    return 0;
  }
}

function readSidecar(dir: string): { voices?: Record<string, VoiceSidecar> } & VoiceSidecar {
  return readSidecarFile<{ voices?: Record<string, VoiceSidecar> } & VoiceSidecar>(path.join(dir, 'voice.json'));
}

/** True when a directory looks like a Kokoro model (its graph is there under Orator's name). */
export function isKokoroModelDir(dir: string): boolean {
  try {
    return statSync(path.join(dir, kokoroModelFile)).isFile();
  } catch {
    return false;
  }
}

export function describeKokoroModel(dir: string): InstalledKokoroModel {
  const name = path.basename(dir);
  const onnxPath = path.join(dir, kokoroModelFile);
  const voicesPath = voicesPathIn(dir);
  const bytes = sizeOf(onnxPath) + (voicesPath ? sizeOf(voicesPath) : 0);
  const base = { name, dir, onnxPath, voicesPath, bytes, languages: [] as string[] };
  if (!voicesPath) return { ...base, problem: `${dir}: no voices file (voices.bin, voices.npz or voices/)`, voices: [] };
  let names: string[];
  try {
    names = voiceNamesIn(voicesPath);
  } catch (error) {
    return { ...base, problem: (error as Error).message, voices: [] };
  }
  const sidecar = readSidecar(dir);
  const { voices: perVoice, ...shared } = sidecar;
  const voices = names.map((voice, index) => catalogVoice(name, onnxPath, voice, index, { ...shared, ...perVoice?.[voice] }));
  return { ...base, languages: [...new Set(voices.map((v) => v.language))], problem: null, voices };
}

/** The language a voice speaks: by Kokoro's naming, else its sidecar's letter, else American English. */
export function kokoroLanguageOf(voice: string, sidecarLetter?: string): KokoroLanguage {
  return kokoroVoiceNaming(voice)?.language ?? (sidecarLetter ? kokoroLanguages[sidecarLetter] : undefined) ?? kokoroLanguages.a;
}

function catalogVoice(modelName: string, onnxPath: string, voice: string, index: number, own: VoiceSidecar): CatalogVoice {
  const naming = kokoroVoiceNaming(voice);
  const language = kokoroLanguageOf(voice, own.language);
  return neuralCatalogVoice({
    slug: kokoroSlug(modelName, voice),
    fallbackName: titleCase(naming?.name ?? voice),
    language: language.iso3,
    defaultGender: naming?.gender ?? 'female',
    own,
    extraStyle: language.letter === 'b' ? ['british'] : [],
    // The speaker number is the voice's place in the pack sorted by name; the engine reads the same order.
    neural: { engine: 'kokoro', model: onnxPath, speaker: index },
  });
}

/** Every Kokoro model directory in MODELS_DIR, described. */
export function installedKokoroModels(dir: string | null = engineSettings().modelsDir): InstalledKokoroModel[] {
  if (!dir) return [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return withNeuralRuntimeProblem(
    entries
      .filter((entry) => !entry.startsWith('.') && isKokoroModelDir(path.join(dir, entry)))
      .sort()
      .map((entry) => describeKokoroModel(path.join(dir, entry))),
  );
}

let cache: { key: string; voices: CatalogVoice[] } | null = null;

/**
 * The catalog's Kokoro voices, re-read when the models directory's names (see directoryEntries) or
 * a model directory change, so a model installed (renamed into place) while the server runs is
 * listed at once.
 */
export function kokoroCatalogVoices(): CatalogVoice[] {
  const dir = engineSettings().modelsDir;
  if (!dir) return [];
  let key: string;
  try {
    const names = directoryEntries(dir);
    if (names === null) return [];
    const subdirs = names.filter((entry) => !entry.startsWith('.') && isKokoroModelDir(path.join(dir, entry)));
    const stamp = (p: string) => {
      try {
        return statSync(p).mtimeMs;
      } catch {
        return 0;
      }
    };
    key = [dir, ...subdirs.map((s) => [s, ...['', 'voice.json', 'voices'].map((f) => stamp(path.join(dir, s, f)))].join(':'))].join('|');
  } catch {
    return [];
  }
  if (cache?.key !== key) cache = { key, voices: installedKokoroModels(dir).flatMap((model) => model.voices) };
  return cache.voices;
}

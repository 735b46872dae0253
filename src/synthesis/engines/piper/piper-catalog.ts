import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CatalogVoice } from '../../catalog/voice-types.js';
import { iso3FromIso1 } from '../../text/languages.js';
import { directoryEntries } from '../directory-entries.js';
import { engineSettings } from '../engine-settings.js';
import { withNeuralRuntimeProblem } from '../neural-runtime.js';
import { neuralCatalogVoice, readSidecarFile, titleCase, type VoiceSidecar } from '../neural-catalog-voice.js';
import { readPiperConfig, type PiperConfig } from './piper-config.js';

/** An installed model as the catalog and `orator models list` see it. */
export interface InstalledModel {
  name: string;
  onnxPath: string;
  bytes: number;
  /** Our ISO 639-3 code, or null when Orator does not speak the model's language. */
  language: string | null;
  config: PiperConfig | null;
  /** Why the model gives no voices (bad `.onnx.json`, language we do not speak), or null. */
  problem: string | null;
  voices: CatalogVoice[];
}

/**
 * Optional `NAME.voice.json` beside a model: what the model card says and the `.onnx.json` does
 * not. Top-level fields apply to every speaker; `speakers` overrides them per speaker name.
 */
interface Sidecar extends VoiceSidecar {
  speakers?: Record<string, VoiceSidecar>;
}

/** `en_US-lessac-medium` → `en_US`, `lessac`, `medium`: Piper's naming. */
function nameParts(name: string): { dataset: string } {
  const parts = name.split('-');
  return { dataset: parts.length >= 3 ? parts.slice(1, -1).join('-') : name };
}

/** The stable slug of a model speaker: the id is its hash, so it never changes between machines. */
export function piperSlug(modelName: string, speaker: string | null): string {
  return speaker === null ? `piper:${modelName}` : `piper:${modelName}:${speaker}`;
}

function readSidecar(onnxPath: string): Sidecar {
  return readSidecarFile<Sidecar>(onnxPath.replace(/\.onnx$/, '.voice.json'));
}

export function describeModel(onnxPath: string): InstalledModel {
  const name = path.basename(onnxPath, '.onnx');
  let bytes = 0;
  try {
    bytes = statSync(onnxPath).size;
  } catch {
    // Counted as 0 bytes; the problem below says what is wrong.
  }
  let config: PiperConfig;
  try {
    config = readPiperConfig(`${onnxPath}.json`);
  } catch (error) {
    return { name, onnxPath, bytes, language: null, config: null, problem: (error as Error).message, voices: [] };
  }
  const iso1 = (config.languageCode ?? config.espeakVoice).split(/[_-]/)[0];
  const language = iso3FromIso1(iso1);
  if (!language) return { name, onnxPath, bytes, language: null, config, problem: `language "${config.languageCode ?? config.espeakVoice}" is not one Orator speaks`, voices: [] };
  const sidecar = readSidecar(onnxPath);
  const speakers = Object.entries(config.speakerIdMap).sort((a, b) => a[1] - b[1]);
  const entries: [string | null, number][] = config.numSpeakers > 1 && speakers.length > 0 ? speakers : config.numSpeakers > 1 ? Array.from({ length: config.numSpeakers }, (_, i) => [String(i), i]) : [[null, 0]];
  const voices = entries.map(([speaker, id]) => catalogVoice(name, onnxPath, language, speaker, id, sidecar));
  return { name, onnxPath, bytes, language, config, problem: null, voices };
}

function catalogVoice(modelName: string, onnxPath: string, language: string, speaker: string | null, speakerId: number, sidecar: Sidecar): CatalogVoice {
  const base = titleCase(nameParts(modelName).dataset);
  return neuralCatalogVoice({
    slug: piperSlug(modelName, speaker),
    fallbackName: speaker === null ? base : `${base} ${titleCase(speaker)}`,
    language,
    defaultGender: 'female',
    own: { ...sidecar, ...(speaker !== null ? sidecar.speakers?.[speaker] : undefined) },
    neural: { engine: 'piper', model: onnxPath, speaker: speakerId },
  });
}

/** Every `NAME.onnx` in the models directory, described. */
export function installedModels(dir: string | null = engineSettings().modelsDir): InstalledModel[] {
  if (!dir) return [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return withNeuralRuntimeProblem(
    names
      .filter((file) => file.endsWith('.onnx'))
      .sort()
      .map((file) => describeModel(path.join(dir, file))),
  );
}

let cache: { key: string; voices: CatalogVoice[] } | null = null;

/**
 * The catalog voices of the installed models, rescanned when the directory's names or any `.json`
 * in it change (an install renames files into place, which changes the directory; see
 * directoryEntries for how that is noticed without reading it each time), so a voice installed
 * while the server runs is listed at once.
 */
export function piperCatalogVoices(): CatalogVoice[] {
  const dir = engineSettings().modelsDir;
  if (!dir) return [];
  let key: string;
  try {
    const names = directoryEntries(dir);
    if (names === null) return [];
    const onnx = names.filter((file) => file.endsWith('.onnx'));
    const jsons = names.filter((file) => file.endsWith('.json'));
    key = [dir, ...onnx, ...jsons.map((file) => `${file}:${statSync(path.join(dir, file)).mtimeMs}`)].join('|');
  } catch {
    return [];
  }
  if (cache?.key !== key) cache = { key, voices: installedModels(dir).flatMap((model) => model.voices) };
  return cache.voices;
}

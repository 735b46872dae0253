import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CatalogVoice } from '../../synthesis/catalog/voice-types.js';
import { isKokoroGraph } from '../../synthesis/engines/kokoro/kokoro-model.js';
import { describeModel, type InstalledModel } from '../../synthesis/engines/piper/piper-catalog.js';
import { readPiperConfig } from '../../synthesis/engines/piper/piper-config.js';
import { PiperModel } from '../../synthesis/engines/piper/piper-model.js';
import { download, fileDigest } from './models-download.js';
import { installKokoro, removeKokoro, voicesBeside } from './models-install-kokoro.js';
import { UsageError } from './usage-error.js';

/** What an install reports, whichever engine the model is for. */
export interface InstallResult {
  name: string;
  engine: 'piper' | 'kokoro';
  voices: CatalogVoice[];
  problem: string | null;
}

export interface InstallOptions {
  /** Expected SHA-256 of the `.onnx` (hex). */
  sha256?: string;
  /** Expected MD5 of the `.onnx` (hex), as Piper's voices.json gives it. */
  md5?: string;
  /** A Kokoro model's voices (file, directory or URL); found beside a local `.onnx` when absent. */
  voices?: string;
}

/**
 * Installs a voice into `modelsDir`: a `NAME.onnx` file (its `.onnx.json` beside it), every voice
 * of a directory, or a URL of a `.onnx` (its `.onnx.json` at the same URL plus `.json`). Files are
 * gathered in `modelsDir/.partial`, verified (checksum when given, the `.onnx.json`, then the
 * model's inputs in ONNX Runtime), and only then renamed into place: `.onnx.json` first, `.onnx`
 * last, so a running server lists the voice only once it is whole.
 */
export async function installModels(source: string, modelsDir: string, options: InstallOptions = {}): Promise<InstallResult[]> {
  await mkdir(path.join(modelsDir, '.partial'), { recursive: true });
  if (/^https?:\/\//i.test(source)) {
    if (options.voices) return [kokoroResult(await installKokoro(source, options.voices, modelsDir, options))];
    return [piperResult(await installFromUrl(source, modelsDir, options))];
  }
  const info = await stat(source).catch(() => null);
  if (!info) throw new UsageError(`${source}: no such file or directory`);
  if (info.isDirectory()) {
    const files = (await readdir(source)).filter((f) => f.endsWith('.onnx')).sort();
    if (files.length === 0) throw new UsageError(`${source}: no NAME.onnx files in it`);
    const installed: InstallResult[] = [];
    for (const file of files) installed.push(await installLocal(path.join(source, file), modelsDir, options));
    return installed;
  }
  return [await installLocal(source.replace(/\.onnx\.json$/, '.onnx'), modelsDir, options)];
}

/**
 * A local `.onnx` is a Piper voice when its `.onnx.json` is beside it; otherwise a Kokoro model
 * when it has voices (`--voices`, or one voices file beside it); a Kokoro graph without voices is
 * refused with what to add.
 */
async function installLocal(onnx: string, modelsDir: string, options: InstallOptions): Promise<InstallResult> {
  if (onnx.endsWith('.onnx') && !existsSync(`${onnx}.json`)) {
    const voices = options.voices ?? (await voicesBeside(onnx));
    if (voices) return kokoroResult(await installKokoro(onnx, voices, modelsDir, options));
    if (existsSync(onnx) && (await isKokoroGraph(onnx))) throw new UsageError(`${onnx}: a Kokoro model needs its voices file (voices-v1.0.bin): give it with --voices FILE`);
  }
  return piperResult(await installFromFile(onnx, modelsDir, options));
}

function piperResult(model: InstalledModel): InstallResult {
  return { name: model.name, engine: 'piper', voices: model.voices, problem: model.problem };
}

function kokoroResult(model: { name: string; voices: CatalogVoice[]; problem: string | null }): InstallResult {
  return { name: model.name, engine: 'kokoro', voices: model.voices, problem: model.problem };
}

async function installFromFile(onnx: string, modelsDir: string, options: InstallOptions): Promise<InstalledModel> {
  if (!onnx.endsWith('.onnx')) throw new UsageError(`${onnx}: a Piper voice is NAME.onnx with NAME.onnx.json beside it`);
  const name = path.basename(onnx, '.onnx');
  const partial = partialPaths(modelsDir, name);
  await copyFile(onnx, partial.onnx);
  await copyFile(`${onnx}.json`, partial.json).catch(() => {
    throw new UsageError(`${onnx}.json: missing (a Piper voice needs NAME.onnx and NAME.onnx.json side by side)`);
  });
  const sidecar = onnx.replace(/\.onnx$/, '.voice.json');
  if (existsSync(sidecar)) await copyFile(sidecar, partial.sidecar);
  return verifyAndPlace(name, partial, modelsDir, options);
}

async function installFromUrl(url: string, modelsDir: string, options: InstallOptions): Promise<InstalledModel> {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').replace(/\.onnx$/, '');
  if (!url.split('?')[0].endsWith('.onnx') || !name) throw new UsageError(`${url}: give the URL of NAME.onnx (NAME.onnx.json is fetched beside it)`);
  const partial = partialPaths(modelsDir, name);
  // The small .onnx.json is fetched whole each time; only the model resumes.
  await rm(partial.json, { force: true });
  await download(`${url}.json`, partial.json, `${name}.onnx.json`);
  readPiperConfig(partial.json);
  await download(url, partial.onnx, `${name}.onnx`);
  return verifyAndPlace(name, partial, modelsDir, options);
}

function partialPaths(modelsDir: string, name: string) {
  const dir = path.join(modelsDir, '.partial');
  return { onnx: path.join(dir, `${name}.onnx`), json: path.join(dir, `${name}.onnx.json`), sidecar: path.join(dir, `${name}.voice.json`) };
}

async function verifyAndPlace(name: string, partial: ReturnType<typeof partialPaths>, modelsDir: string, options: InstallOptions): Promise<InstalledModel> {
  try {
    for (const [algorithm, expected] of [['sha256', options.sha256], ['md5', options.md5]] as const) {
      if (!expected) continue;
      const actual = await fileDigest(partial.onnx, algorithm);
      if (actual !== expected.toLowerCase()) throw new Error(`${name}.onnx: ${algorithm} is ${actual}, expected ${expected}`);
    }
    const config = readPiperConfig(partial.json);
    const model = await PiperModel.load(partial.onnx, config);
    await model.release();
  } catch (error) {
    // A bad download is not kept for resuming; a good partial file stays until it verifies.
    await Promise.all(Object.values(partial).map((p) => rm(p, { force: true })));
    throw error;
  }
  const target = path.join(modelsDir, `${name}.onnx`);
  if (existsSync(partial.sidecar)) await rename(partial.sidecar, target.replace(/\.onnx$/, '.voice.json'));
  await rename(partial.json, `${target}.json`);
  await rename(partial.onnx, target);
  return describeModel(target);
}

/** Removes a model and its files; true when there was one. */
export async function removeModel(name: string, modelsDir: string): Promise<boolean> {
  if (await removeKokoro(name, modelsDir)) return true;
  const base = path.join(modelsDir, path.basename(name.replace(/\.onnx$/, '')));
  const existed = existsSync(`${base}.onnx`);
  // The .onnx goes first, so a running server stops listing the voice before its config is gone.
  for (const file of [`${base}.onnx`, `${base}.onnx.json`, `${base}.voice.json`]) await rm(file, { force: true });
  return existed;
}

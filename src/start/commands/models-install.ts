import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CatalogVoice } from '../../synthesis/catalog/voice-types.js';
import { isKokoroGraph } from '../../synthesis/engines/kokoro/kokoro-model.js';
import { describeModel, type InstalledModel } from '../../synthesis/engines/piper/piper-catalog.js';
import { readPiperConfig } from '../../synthesis/engines/piper/piper-config.js';
import { ModelError } from '../../synthesis/engines/model-error.js';
import { PiperModel } from '../../synthesis/engines/piper/piper-model.js';
import { copyBounded, download, fileDigest } from './models-download.js';
import { installKokoro, removeKokoro, voicesBeside } from './models-install-kokoro.js';
import { inside, installLimits, InstallRefused, modelNameOfUrl, safeModelName, type InstallLimits } from './models-limits.js';
import { NEURAL_RUNTIME_MISSING, neuralRuntimeInstalled } from '../../synthesis/engines/neural-runtime.js';
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
  /** The origin the operator named (an index's); default: the URL's own. Other origins must be public. */
  trustedOrigin?: string;
  /** Size bounds (tests lower them); default `installLimits`. */
  limits?: InstallLimits;
}

/**
 * Installs a voice into `modelsDir`: a `NAME.onnx` file (its `.onnx.json` beside it), every voice
 * of a directory, or a URL of a `.onnx` (its `.onnx.json` at the same URL plus `.json`). Files are
 * gathered in `modelsDir/.partial`, verified (checksum when given, the `.onnx.json`, then the
 * model's inputs in ONNX Runtime), and only then renamed into place: `.onnx.json` first, `.onnx`
 * last, so a running server lists the voice only once it is whole.
 */
export async function installModels(source: string, modelsDir: string, options: InstallOptions = {}): Promise<InstallResult[]> {
  // Verifying a model means loading it in ONNX Runtime; without the runtime nothing installed could speak.
  if (!neuralRuntimeInstalled()) throw new UsageError(NEURAL_RUNTIME_MISSING);
  await mkdir(path.join(modelsDir, '.partial'), { recursive: true });
  if (/^https?:\/\//i.test(source)) {
    if (!/\.onnx$/i.test(new URL(source).pathname)) throw new UsageError(`${source}: give the URL of NAME.onnx (NAME.onnx.json is fetched beside it)`);
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
  const name = safeModelName(path.basename(onnx, '.onnx'), onnx);
  const limits = options.limits ?? installLimits;
  const partial = partialPaths(modelsDir, name);
  try {
    await copyBounded(onnx, partial.onnx, limits.modelBytes);
    await copyBounded(`${onnx}.json`, partial.json, limits.configBytes, `${onnx}.json: missing (a Piper voice needs NAME.onnx and NAME.onnx.json side by side)`);
    const sidecar = onnx.replace(/\.onnx$/, '.voice.json');
    if (existsSync(sidecar)) await copyBounded(sidecar, partial.sidecar, limits.configBytes);
  } catch (error) {
    await removePartial(partial);
    throw error;
  }
  return verifyAndPlace(name, partial, modelsDir, options);
}

async function removePartial(partial: ReturnType<typeof partialPaths>): Promise<void> {
  await Promise.all(Object.values(partial).map((p) => rm(p, { force: true })));
}

/**
 * The `.onnx.json` (fetched whole, at most `configBytes`, and read as a Piper config before the
 * model is fetched), then the model (resumable, at most `modelBytes`). A refusal (a bad name, a
 * config that is not one, a file too big, a redirect to a private address) leaves nothing behind;
 * a transfer cut short keeps the model's part for the next run to resume.
 */
async function installFromUrl(url: string, modelsDir: string, options: InstallOptions): Promise<InstalledModel> {
  const name = modelNameOfUrl(url);
  const limits = options.limits ?? installLimits;
  const trustedOrigin = options.trustedOrigin ?? new URL(url).origin;
  const partial = partialPaths(modelsDir, name);
  try {
    // The small .onnx.json is fetched whole each time; only the model resumes.
    await rm(partial.json, { force: true });
    await download(`${url}.json`, partial.json, `${name}.onnx.json`, { maxBytes: limits.configBytes, trustedOrigin });
    readPiperConfig(partial.json);
    await download(url, partial.onnx, `${name}.onnx`, { maxBytes: limits.modelBytes, trustedOrigin });
  } catch (error) {
    if (error instanceof InstallRefused || error instanceof ModelError) await removePartial(partial);
    else await rm(partial.json, { force: true });
    throw error;
  }
  return verifyAndPlace(name, partial, modelsDir, options);
}

function partialPaths(modelsDir: string, name: string) {
  const dir = path.join(modelsDir, '.partial');
  return { onnx: inside(dir, `${name}.onnx`), json: inside(dir, `${name}.onnx.json`), sidecar: inside(dir, `${name}.voice.json`) };
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
    await removePartial(partial);
    throw error;
  }
  const target = inside(modelsDir, `${name}.onnx`);
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

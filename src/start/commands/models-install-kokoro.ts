import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describeKokoroModel, isKokoroModelDir, kokoroModelFile, type InstalledKokoroModel } from '../../synthesis/engines/kokoro/kokoro-catalog.js';
import { KokoroModel } from '../../synthesis/engines/kokoro/kokoro-model.js';
import { readKokoroVocab } from '../../synthesis/engines/kokoro/kokoro-vocab.js';
import { readVoicePacks } from '../../synthesis/engines/kokoro/kokoro-voices.js';
import { ModelError } from '../../synthesis/engines/model-error.js';
import { copyBounded, download, fileDigest } from './models-download.js';
import { bytesText, inside, installLimits, InstallRefused, modelNameOfUrl, safeModelName, type InstallLimits } from './models-limits.js';
import { UsageError } from './usage-error.js';

const isUrl = (source: string) => /^https?:\/\//i.test(source);

/**
 * The voices file published beside a Kokoro graph, when there is exactly one: `voices*.bin`,
 * `voices*.npz` (kokoro-onnx's `voices-v1.0.bin`) or a `voices/` directory (per-voice files).
 */
export async function voicesBeside(onnx: string): Promise<string | null> {
  const dir = path.dirname(onnx);
  const found = (await readdir(dir)).filter((f) => /^voices.*\.(bin|npz)$/.test(f) || f === 'voices');
  return found.length === 1 ? path.join(dir, found[0]) : null;
}

/**
 * Installs a Kokoro model as `MODELS_DIR/NAME/` (`model.onnx`, `voices.bin` or `voices/`, and
 * Kokoro's `config.json` and Orator's `voice.json` when they sit beside the source). The files
 * are gathered in `.partial/NAME.kokoro/` (downloads resume), the checksum, vocab, voices and
 * the graph's inputs are verified, and the directory is renamed into place in one step.
 */
export async function installKokoro(onnxSource: string, voicesSource: string, modelsDir: string, options: { sha256?: string; md5?: string; trustedOrigin?: string; limits?: InstallLimits }): Promise<InstalledKokoroModel> {
  const limits = options.limits ?? installLimits;
  let name: string;
  if (isUrl(onnxSource)) name = modelNameOfUrl(onnxSource);
  else {
    if (!/\.onnx$/.test(onnxSource)) throw new UsageError(`${onnxSource}: give the Kokoro graph, NAME.onnx`);
    name = safeModelName(path.basename(onnxSource).replace(/\.onnx$/, ''), onnxSource);
  }
  const partial = inside(path.join(modelsDir, '.partial'), `${name}.kokoro`);
  await mkdir(partial, { recursive: true });
  const voicesIsDir = !isUrl(voicesSource) && (await stat(voicesSource).catch(() => null))?.isDirectory();
  const voicesTarget = path.join(partial, voicesIsDir ? 'voices' : 'voices.bin');
  const bounds = (url: string, maxBytes: number) => ({ maxBytes, trustedOrigin: options.trustedOrigin ?? new URL(url).origin });
  try {
    if (isUrl(onnxSource)) await download(onnxSource, path.join(partial, kokoroModelFile), `${name}.onnx`, bounds(onnxSource, limits.modelBytes));
    else await copyBounded(onnxSource, path.join(partial, kokoroModelFile), limits.modelBytes);
    if (isUrl(voicesSource)) await download(voicesSource, voicesTarget, 'voices', bounds(voicesSource, limits.voicesBytes));
    else if (voicesIsDir) await copyVoicesDir(voicesSource, voicesTarget, limits.voicesBytes);
    else await copyBounded(voicesSource, voicesTarget, limits.voicesBytes, `${voicesSource}: no such voices file or directory`);
    if (!isUrl(onnxSource)) {
      for (const extra of ['config.json', `${name}.voice.json`]) {
        const beside = path.join(path.dirname(onnxSource), extra);
        if (existsSync(beside)) await copyBounded(beside, path.join(partial, extra === 'config.json' ? 'config.json' : 'voice.json'), limits.configBytes);
      }
    }
  } catch (error) {
    // A refusal leaves nothing; a transfer cut short keeps the parts for the next run to resume.
    if (error instanceof InstallRefused || error instanceof UsageError || error instanceof ModelError) await rm(partial, { recursive: true, force: true });
    throw error;
  }
  try {
    for (const [algorithm, expected] of [['sha256', options.sha256], ['md5', options.md5]] as const) {
      if (!expected) continue;
      const actual = await fileDigest(path.join(partial, kokoroModelFile), algorithm);
      if (actual !== expected.toLowerCase()) throw new Error(`${name}.onnx: ${algorithm} is ${actual}, expected ${expected}`);
    }
    readKokoroVocab(path.join(partial, 'config.json'));
    readVoicePacks(voicesTarget);
    const model = await KokoroModel.load(path.join(partial, kokoroModelFile));
    await model.release();
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  const target = inside(modelsDir, name);
  if (existsSync(target)) {
    if (!isKokoroModelDir(target)) throw new UsageError(`${target} exists and is not a Kokoro model; remove it first`);
    await rm(target, { recursive: true, force: true });
  }
  await rename(partial, target);
  return describeKokoroModel(target);
}

/**
 * A `voices/` directory: only its regular files `NAME.npy` / `NAME.bin` with safe names are copied
 * (their content: links are followed, never copied as links; subdirectories are skipped), at most
 * `maxBytes` together.
 */
async function copyVoicesDir(from: string, to: string, maxBytes: number): Promise<void> {
  await mkdir(to, { recursive: true });
  let total = 0;
  for (const file of (await readdir(from)).sort()) {
    if (!/\.(npy|bin)$/.test(file)) continue;
    const info = await stat(path.join(from, file)).catch(() => null);
    if (!info?.isFile()) continue;
    safeModelName(file, path.join(from, file));
    total += info.size;
    if (total > maxBytes) throw new InstallRefused(`${from}: voices larger than the ${bytesText(maxBytes)} an install takes for them`);
    await copyFile(path.join(from, file), inside(to, file));
  }
}

/** Removes a Kokoro model directory; `model.onnx` goes first so a running server stops listing it at once. */
export async function removeKokoro(name: string, modelsDir: string): Promise<boolean> {
  const dir = path.join(modelsDir, path.basename(name));
  if (!isKokoroModelDir(dir)) return false;
  await rm(path.join(dir, kokoroModelFile), { force: true });
  await rm(dir, { recursive: true, force: true });
  return true;
}

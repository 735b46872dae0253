import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type AdmZip from 'adm-zip';
import { ModelError } from '../model-error.js';

/**
 * adm-zip, required on first use: only a server with a Kokoro model whose voices are an npz reads
 * one, and the catalog imports this module in every process (the server's main thread included).
 */
function openZip(file: string): AdmZip {
  const Zip = createRequire(import.meta.url)('adm-zip') as typeof AdmZip;
  return new Zip(file);
}

/** Floats in one style vector: the model's `style` input is [1, 256]. */
export const kokoroStyleSize = 256;

/** A voice: its style vectors, one row of 256 per token count (510 rows in Kokoro's packs). */
export interface KokoroVoicePack {
  name: string;
  rows: number;
  styles: Float32Array;
}

/**
 * Where a model's voices are: `voices.bin` (or `voices.npz`), an npz of one [510,1,256] float32
 * array per voice (numpy's `savez`, as kokoro-onnx publishes `voices-v1.0.bin`), or a `voices/`
 * directory of per-voice `NAME.npy` arrays or `NAME.bin` raw little-endian float32 rows (as the
 * ONNX community exports publish them).
 */
export function voicesPathIn(modelDir: string): string | null {
  for (const file of ['voices.bin', 'voices.npz', 'voices']) {
    const candidate = path.join(modelDir, file);
    try {
      statSync(candidate);
      return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

/** Every voice of a voices file or directory, sorted by name; a defect is a `ModelError` naming the file. */
export function readVoicePacks(voicesPath: string): KokoroVoicePack[] {
  let stat;
  try {
    stat = statSync(voicesPath);
  } catch {
    throw new ModelError('voices_missing', `${voicesPath}: no voices file (a Kokoro model needs voices.bin, voices.npz or a voices/ directory beside model.onnx)`);
  }
  const packs: KokoroVoicePack[] = [];
  if (stat.isDirectory()) {
    for (const file of readdirSync(voicesPath).sort()) {
      const ext = path.extname(file);
      if (ext !== '.npy' && ext !== '.bin') continue;
      const bytes = readFileSync(path.join(voicesPath, file));
      const name = path.basename(file, ext);
      packs.push(ext === '.npy' ? packOfNpy(name, bytes, path.join(voicesPath, file)) : packOfRaw(name, bytes, path.join(voicesPath, file)));
    }
  } else {
    let zip: AdmZip;
    try {
      zip = openZip(voicesPath);
    } catch (error) {
      throw new ModelError('voices_invalid', `${voicesPath}: not an npz (zip) voices file (${(error as Error).message})`);
    }
    for (const entry of zip.getEntries()) {
      if (entry.isDirectory || !entry.entryName.endsWith('.npy')) continue;
      const name = path.basename(entry.entryName, '.npy');
      packs.push(packOfNpy(name, entry.getData(), `${voicesPath}:${entry.entryName}`));
    }
  }
  if (packs.length === 0) throw new ModelError('voices_invalid', `${voicesPath}: holds no voices`);
  return packs.sort((a, b) => a.name.localeCompare(b.name));
}

/** The `.npy` format: magic, version, header length, a Python dict literal, then the data. */
function packOfNpy(name: string, bytes: Buffer, where: string): KokoroVoicePack {
  const bad = (what: string) => new ModelError('voices_invalid', `${where}: ${what}`);
  if (bytes.length < 10 || bytes[0] !== 0x93 || bytes.toString('latin1', 1, 6) !== 'NUMPY') throw bad('not a .npy array');
  const major = bytes[6];
  const headerLength = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = bytes.toString(major === 3 ? 'utf8' : 'latin1', start, start + headerLength);
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order':\s*(True|False)/.exec(header)?.[1];
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr !== '<f4') throw bad(`dtype ${descr ?? '?'} is not little-endian float32 (<f4)`);
  if (fortran !== 'False') throw bad('Fortran-ordered arrays are not supported');
  const dims = (shape ?? '').split(',').map((d) => d.trim()).filter(Boolean).map(Number);
  if (dims.length === 0 || dims.at(-1) !== kokoroStyleSize) throw bad(`shape (${shape}) does not end in ${kokoroStyleSize} (a style vector)`);
  return packOfRaw(name, bytes.subarray(start + headerLength), where, dims.reduce((a, b) => a * b, 1));
}

function packOfRaw(name: string, data: Buffer, where: string, expected?: number): KokoroVoicePack {
  const floats = data.length / 4;
  if (!Number.isInteger(floats) || floats === 0 || floats % kokoroStyleSize !== 0 || (expected !== undefined && floats !== expected)) {
    throw new ModelError('voices_invalid', `${where}: ${data.length} bytes is not a whole number of ${kokoroStyleSize}-float style rows`);
  }
  // Copied into its own aligned buffer: the slice of a file buffer may sit at an odd offset.
  const styles = new Float32Array(floats);
  for (let i = 0; i < floats; i++) styles[i] = data.readFloatLE(i * 4);
  return { name, rows: floats / kokoroStyleSize, styles };
}

/** The style of a call of `tokens` tokens: row tokens − 1, as Kokoro's pipeline takes `pack[len(ps) - 1]`. */
export function styleFor(pack: KokoroVoicePack, tokens: number): Float32Array {
  const row = Math.min(Math.max(tokens - 1, 0), pack.rows - 1);
  return pack.styles.subarray(row * kokoroStyleSize, (row + 1) * kokoroStyleSize);
}

/** Voice names of a voices file or directory without reading their data (the catalog's view), sorted. */
export function voiceNamesIn(voicesPath: string): string[] {
  let names: string[];
  if (statSync(voicesPath).isDirectory()) {
    names = readdirSync(voicesPath).filter((f) => f.endsWith('.npy') || f.endsWith('.bin')).map((f) => path.basename(f, path.extname(f)));
  } else {
    let zip: AdmZip;
    try {
      zip = openZip(voicesPath);
    } catch (error) {
      throw new ModelError('voices_invalid', `${voicesPath}: not an npz (zip) voices file (${(error as Error).message})`);
    }
    names = zip.getEntries().filter((e) => !e.isDirectory && e.entryName.endsWith('.npy')).map((e) => path.basename(e.entryName, '.npy'));
  }
  if (names.length === 0) throw new ModelError('voices_invalid', `${voicesPath}: holds no voices`);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

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

/**
 * Bounds of a voices file, checked on the sizes the archive declares before anything is inflated
 * (adm-zip then inflates an entry no further than its declared size): a voice of Kokoro v1.0 is a
 * [510,1,256] float32 array, 522 kB, and its 54 voices 28 MB, so a 1 MB archive that would
 * inflate to 1 GiB is refused without inflating it.
 */
export const voiceEntryMaxBytes = 16 * 1024 * 1024;
export const voicesMaxBytes = 256 * 1024 * 1024;
/** At most this many voices in one file or directory. */
export const voicesMaxCount = 1024;

/**
 * A voice's name, from the last segment of a file or archive entry name (an entry's folders are
 * dropped: nothing is written under an entry's name): it becomes part of catalog ids and display
 * names, so letters, digits, `_ . -` only, at most 64; anything else is refused.
 */
function voiceName(file: string, ext: string, where: string): string {
  const name = (file.split(/[/\\]/).pop() ?? '').slice(0, -ext.length);
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    // eslint-disable-next-line no-control-regex
    throw new ModelError('voices_invalid', `${where}: "${name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 80)}" is not a voice name (letters, digits, _ . -, at most 64)`);
  }
  return name;
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
  const tooBig = (what: string) => new ModelError('voices_invalid', what);
  if (stat.isDirectory()) {
    let total = 0;
    for (const file of readdirSync(voicesPath).sort()) {
      const ext = path.extname(file);
      if (ext !== '.npy' && ext !== '.bin') continue;
      const where = path.join(voicesPath, file);
      const size = statSync(where).size;
      total += size;
      if (size > voiceEntryMaxBytes) throw tooBig(`${where}: ${size} bytes, more than the ${voiceEntryMaxBytes} a voice may be`);
      if (total > voicesMaxBytes) throw tooBig(`${voicesPath}: voices of more than ${voicesMaxBytes} bytes together`);
      if (packs.length >= voicesMaxCount) throw tooBig(`${voicesPath}: more than ${voicesMaxCount} voices`);
      const name = voiceName(file, ext, where);
      const bytes = readFileSync(where);
      packs.push(ext === '.npy' ? packOfNpy(name, bytes, where) : packOfRaw(name, bytes, where));
    }
  } else {
    if (stat.size > voicesMaxBytes) throw tooBig(`${voicesPath}: ${stat.size} bytes, more than the ${voicesMaxBytes} a voices file may be`);
    let zip: AdmZip;
    try {
      zip = openZip(voicesPath);
    } catch (error) {
      throw new ModelError('voices_invalid', `${voicesPath}: not an npz (zip) voices file (${(error as Error).message})`);
    }
    const entries = zip.getEntries().filter((entry) => !entry.isDirectory && entry.entryName.endsWith('.npy'));
    // Sizes as the archive declares them, all checked before any entry is inflated.
    let declared = 0;
    for (const entry of entries) {
      const where = `${voicesPath}:${entry.entryName.slice(0, 200)}`;
      if (entry.header.size > voiceEntryMaxBytes) throw tooBig(`${where}: declares ${entry.header.size} bytes inflated, more than the ${voiceEntryMaxBytes} a voice may be`);
      declared += entry.header.size;
      if (declared > voicesMaxBytes) throw tooBig(`${voicesPath}: declares more than ${voicesMaxBytes} bytes inflated (${entries.length} entries)`);
      voiceName(entry.entryName, '.npy', where);
    }
    if (entries.length > voicesMaxCount) throw tooBig(`${voicesPath}: more than ${voicesMaxCount} voices`);
    const seen = new Set<string>();
    for (const entry of entries) {
      const where = `${voicesPath}:${entry.entryName.slice(0, 200)}`;
      const name = voiceName(entry.entryName, '.npy', where);
      if (seen.has(name)) throw new ModelError('voices_invalid', `${where}: a second voice named ${name}`);
      seen.add(name);
      let data: Buffer;
      try {
        data = entry.getData();
      } catch (error) {
        throw new ModelError('voices_invalid', `${where}: cannot be inflated (${(error as Error).message})`);
      }
      if (data.length !== entry.header.size) throw new ModelError('voices_invalid', `${where}: inflates to ${data.length} bytes, not the ${entry.header.size} it declares`);
      packs.push(packOfNpy(name, data, where));
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
    names = readdirSync(voicesPath).filter((f) => f.endsWith('.npy') || f.endsWith('.bin')).map((f) => voiceName(f, path.extname(f), path.join(voicesPath, f)));
  } else {
    let zip: AdmZip;
    try {
      zip = openZip(voicesPath);
    } catch (error) {
      throw new ModelError('voices_invalid', `${voicesPath}: not an npz (zip) voices file (${(error as Error).message})`);
    }
    names = zip.getEntries().filter((e) => !e.isDirectory && e.entryName.endsWith('.npy')).map((e) => voiceName(e.entryName, '.npy', `${voicesPath}:${e.entryName.slice(0, 200)}`));
  }
  if (names.length === 0) throw new ModelError('voices_invalid', `${voicesPath}: holds no voices`);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b));
}

import path from 'node:path';
import { UsageError } from './usage-error.js';

const MiB = 1024 * 1024;

/**
 * What `orator models install` takes at most, so a hostile or broken source (a URL, an index, an
 * archive) cannot fill the disk or the memory. Each is far above what real models need: Kokoro
 * v1.0 fp32 is 310 MB, the largest Piper voices about 120 MB; a Piper `.onnx.json` is 5–40 kB;
 * kokoro-onnx's voices-v1.0.bin is 27 MB of 54 entries of 522 kB each.
 */
export interface InstallLimits {
  /** One `.onnx` graph, downloaded or copied. */
  modelBytes: number;
  /** A `.onnx.json`, Kokoro `config.json` or `NAME.voice.json`: read whole into memory. */
  configBytes: number;
  /** A published voices index (Piper's voices.json, about 1.5 MB): read whole into memory. */
  indexBytes: number;
  /** A Kokoro voices file (an npz archive) or the files of a voices directory together. */
  voicesBytes: number;
}

export const installLimits: InstallLimits = {
  modelBytes: 2048 * MiB,
  configBytes: 1 * MiB,
  indexBytes: 16 * MiB,
  voicesBytes: 256 * MiB,
};

/** `1048576` → `1 MiB`, for error messages. */
export function bytesText(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= MiB) return `${(bytes / MiB).toFixed(1)} MiB`;
  return `${bytes} bytes`;
}

/** What an install refuses: a UsageError (one line, exit 1 from the CLI) that names the source. */
export class InstallRefused extends UsageError {}

/**
 * A model name as it becomes a file or directory name in MODELS_DIR: letters, digits and
 * `. _ + -`, not starting with a dot, at most 128 characters. Names from URLs are percent-decoded
 * first (so `..%2Fx` is seen as `../x`); anything else (a slash, a backslash, `..`, a control
 * character, a name that does not decode) is refused rather than rewritten, so what is installed
 * is exactly what was named.
 */
export function safeModelName(raw: string, source: string): string {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw new InstallRefused(`${source}: the name "${printable(raw)}" does not decode`);
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/.test(name) || name.includes('..')) {
    throw new InstallRefused(`${source}: "${printable(name)}" is not a safe model name (letters, digits and . _ + -, not starting with a dot, no "..", at most 128 characters)`);
  }
  return name;
}

/** The name of a `NAME.onnx` URL: its path's last segment, decoded and checked. */
export function modelNameOfUrl(url: string): string {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  if (!/\.onnx$/i.test(segment)) throw new InstallRefused(`${url}: give the URL of NAME.onnx`);
  return safeModelName(segment.replace(/\.onnx$/i, ''), url);
}

/** `dir/file`, after checking that it stays inside `dir` (a second guard behind safeModelName). */
export function inside(dir: string, file: string): string {
  const root = path.resolve(dir);
  const full = path.resolve(root, file);
  if (path.dirname(full) !== root) throw new InstallRefused(`${file}: would be written outside ${dir}`);
  return full;
}

/** Untrusted text (index keys, remote names) with control characters shown as `?`, cut at 200. */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 200);
}

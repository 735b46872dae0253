import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import cliProgress from 'cli-progress';
import { openUrl } from './models-http.js';
import { bytesText, InstallRefused } from './models-limits.js';
import { UsageError } from './usage-error.js';

export interface DownloadBounds {
  /** The most the whole file may be; past it the download is refused and its part removed. */
  maxBytes: number;
  /** The origin the operator named (see models-http.ts): other origins must be public. */
  trustedOrigin: string;
}

const tooBig = (label: string, maxBytes: number) => new InstallRefused(`${label}: larger than the ${bytesText(maxBytes)} an install takes for it`);

/**
 * Downloads `url` to `partPath`, resuming a partial file with a Range request (a server that
 * answers 200 instead of 206 starts it over). A bar on stderr when it is a terminal. A file past
 * `maxBytes` (announced by Content-Length, or counted as it comes) is refused and its part
 * removed; a transfer cut short keeps its part for the next run to resume.
 */
export async function download(url: string, partPath: string, label: string, bounds: DownloadBounds): Promise<void> {
  const have = existsSync(partPath) ? statSync(partPath).size : 0;
  const res = await openUrl(url, bounds.trustedOrigin, have > 0 ? { range: `bytes=${have}-` } : {});
  if (res.status === 416 && have > 0) {
    res.body.resume();
    return; // Already whole.
  }
  if (res.status < 200 || res.status > 299) {
    res.body.resume();
    throw new Error(`${url}: HTTP ${res.status}`);
  }
  const resumed = res.status === 206;
  const length = Number(res.headers['content-length'] ?? 0) || 0;
  const start = resumed ? have : 0;
  const total = start + length;
  if (total > bounds.maxBytes) {
    res.body.destroy();
    await rm(partPath, { force: true });
    throw tooBig(label, bounds.maxBytes);
  }
  const bar = process.stderr.isTTY && total > 0 ? new cliProgress.SingleBar({ format: `${label} [{bar}] {percentage}% {value}/{total} bytes`, stream: process.stderr, clearOnComplete: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(total, start);
  let done = start;
  let overflow = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      done += chunk.length;
      if (done > bounds.maxBytes) {
        overflow = true;
        callback(tooBig(label, bounds.maxBytes));
        return;
      }
      bar?.update(done);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(res.body, counter, createWriteStream(partPath, { flags: resumed ? 'a' : 'w' }));
  } catch (error) {
    if (overflow) {
      await rm(partPath, { force: true });
      throw tooBig(label, bounds.maxBytes);
    }
    throw error;
  } finally {
    bar?.stop();
  }
  if (length > 0 && statSync(partPath).size !== total) throw new Error(`${url}: got ${statSync(partPath).size} of ${total} bytes; run the install again to resume`);
}

/** A small document (an index, a config) read whole into memory, at most `maxBytes`. */
export async function fetchSmall(url: string, label: string, bounds: DownloadBounds): Promise<Buffer> {
  const res = await openUrl(url, bounds.trustedOrigin);
  if (res.status < 200 || res.status > 299) {
    res.body.resume();
    throw new Error(`${url}: HTTP ${res.status}`);
  }
  if (Number(res.headers['content-length'] ?? 0) > bounds.maxBytes) {
    res.body.destroy();
    throw tooBig(label, bounds.maxBytes);
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > bounds.maxBytes) {
      res.body.destroy();
      throw tooBig(label, bounds.maxBytes);
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/**
 * Copies a local file (its content: a symbolic link is followed, never copied as a link) when it
 * is a regular file within `maxBytes`.
 */
export async function copyBounded(from: string, to: string, maxBytes: number, missing = `${from}: no such file`): Promise<void> {
  const info = await stat(from).catch(() => null);
  if (!info || !info.isFile()) throw new UsageError(missing);
  if (info.size > maxBytes) throw new InstallRefused(`${from}: ${bytesText(info.size)}, larger than the ${bytesText(maxBytes)} an install takes for it`);
  await copyFile(from, to);
}

export async function fileDigest(path: string, algorithm: 'sha256' | 'md5'): Promise<string> {
  const hash = createHash(algorithm);
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true });
}

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import cliProgress from 'cli-progress';

/**
 * Downloads `url` to `partPath`, resuming a partial file with a Range request (a server that
 * answers 200 instead of 206 starts it over). A bar on stderr when it is a terminal.
 */
export async function download(url: string, partPath: string, label: string): Promise<void> {
  const have = existsSync(partPath) ? statSync(partPath).size : 0;
  const res = await fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {} });
  if (res.status === 416 && have > 0) return; // Already whole.
  if (!res.ok || !res.body) throw new Error(`${url}: HTTP ${res.status}`);
  const resumed = res.status === 206;
  const length = Number(res.headers.get('content-length') ?? 0);
  const total = (resumed ? have : 0) + length;
  const bar = process.stderr.isTTY && total > 0 ? new cliProgress.SingleBar({ format: `${label} [{bar}] {percentage}% {value}/{total} bytes`, stream: process.stderr, clearOnComplete: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(total, resumed ? have : 0);
  let done = resumed ? have : 0;
  const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
  body.on('data', (chunk: Buffer) => {
    done += chunk.length;
    bar?.update(done);
  });
  try {
    await pipeline(body, createWriteStream(partPath, { flags: resumed ? 'a' : 'w' }));
  } finally {
    bar?.stop();
  }
  if (length > 0 && statSync(partPath).size !== total) throw new Error(`${url}: got ${statSync(partPath).size} of ${total} bytes; run the install again to resume`);
}

export async function fileDigest(path: string, algorithm: 'sha256' | 'md5'): Promise<string> {
  const hash = createHash(algorithm);
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

export async function removeQuietly(path: string): Promise<void> {
  await rm(path, { force: true });
}

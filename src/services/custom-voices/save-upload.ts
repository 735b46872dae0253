import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { once } from 'node:events';
import { CustomVoiceError } from './errors.js';

/** An upload as the route hands it over: the multipart file stream, or bytes already in memory. */
export type UploadSource = Readable | Uint8Array;

/**
 * Writes an upload to a private temp file, counting bytes as they pass: past `maxBytes` the
 * writing stops and the request is refused without holding the rest anywhere. The rest of the
 * stream is read and dropped, so the client's request can finish and read the answer (routes
 * should cap the multipart file just above `maxBytes` so the drain is short).
 */
export async function saveUpload(source: UploadSource, folder: string, maxBytes: number): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, `upload-${randomBytes(12).toString('hex')}`);
  const input = source instanceof Uint8Array ? Readable.from([Buffer.from(source.buffer, source.byteOffset, source.byteLength)]) : source;
  const output = createWriteStream(file, { mode: 0o600 });
  let received = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      received += chunk.length;
      // Past the limit the rest is read and dropped: nothing more is stored.
      if (received > maxBytes) continue;
      if (!output.write(chunk)) await once(output, 'drain');
    }
    output.end();
    await finished(output);
  } catch (error) {
    output.destroy();
    await rm(file, { force: true });
    throw error;
  }
  if (received > maxBytes) {
    await rm(file, { force: true });
    throw new CustomVoiceError('file_too_large', `The file is larger than ${Math.round(maxBytes / 1e6)} MB.`);
  }
  return file;
}

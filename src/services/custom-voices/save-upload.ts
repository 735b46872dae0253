import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CustomVoiceError } from './errors.js';

/** An upload as a caller hands it over: a stream (the multipart file), or bytes already in memory. */
export type UploadSource = Readable | Uint8Array;

/** An upload already written to a private temp file by `CustomVoiceService.receiveUpload`; whoever it is handed to removes it. */
export interface SavedUpload {
  savedPath: string;
}

export function isSavedUpload(value: unknown): value is SavedUpload {
  return typeof value === 'object' && value !== null && typeof (value as SavedUpload).savedPath === 'string';
}

/**
 * The sender's stream failed before the upload was whole (a client that went away, a malformed
 * multipart body): the client's fault, unlike a failing disk, which stays a plain error.
 */
export class UploadInterrupted extends Error {
  constructor(cause: unknown) {
    super('The upload was interrupted before the file was complete.', { cause });
    this.name = 'UploadInterrupted';
  }
}

/**
 * Writes an upload to a private temp file, counting bytes as they pass: past `maxBytes` the
 * writing stops and the request is refused without holding the rest anywhere. The rest of the
 * stream is read and dropped, so the client's request can finish and read the answer (routes
 * cap the multipart file just above `maxBytes`, so the drain is short).
 */
export async function saveUpload(source: UploadSource, folder: string, maxBytes: number): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, `upload-${randomBytes(12).toString('hex')}`);
  const input = source instanceof Uint8Array ? Readable.from([Buffer.from(source.buffer, source.byteOffset, source.byteLength)]) : source;
  let received = 0;
  async function* counted(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    const reading = chunks[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await reading.next();
      } catch (error) {
        throw new UploadInterrupted(error);
      }
      if (next.done) return;
      received += next.value.length;
      // Past the limit the rest is read and dropped: nothing more is stored.
      if (received <= maxBytes) yield next.value;
    }
  }
  const output = createWriteStream(file, { mode: 0o600 });
  let diskFailed = false;
  output.once('error', () => (diskFailed = true));
  try {
    await pipeline(input, counted, output);
  } catch (error) {
    // The temp file's open may still be under way when the sender's failure ends the pipeline (a
    // client gone at once): removed before the open lands, the file would be created after it.
    if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
    await rm(file, { force: true });
    // Whichever stream reported first, a failure that is not our disk's is the sender's.
    if (diskFailed || error instanceof UploadInterrupted) throw error;
    throw new UploadInterrupted(error);
  }
  if (received > maxBytes) {
    await rm(file, { force: true });
    throw new CustomVoiceError('file_too_large', `The file is larger than ${describeBytes(maxBytes)}.`);
  }
  return file;
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024 * 1024) === 0 ? `${bytes / (1024 * 1024 * 1024)} GiB` : `${Math.round(bytes / 1e6)} MB`;
}

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from './blob-store.js';

/**
 * Streams a blob into a private temporary file (analysis reads uploads from disk in blocks, never
 * whole in memory) and returns its path, or null when the blob is missing. The caller removes the
 * file; a failed copy leaves nothing behind.
 */
export async function blobToTempFile(blobs: BlobStore, key: string, dir: string, prefix: string): Promise<string | null> {
  const stored = await blobs.stream(key);
  if (!stored) return null;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${prefix}-${randomBytes(12).toString('hex')}`);
  try {
    await pipeline(stored.body, createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return file;
}

import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  contentType: string;
}

/**
 * Where audio, uploads and previews live. Local disk by default, S3-compatible storage when scaled.
 * Keys are relative slash-separated paths (`speaks/<id>.wav`); implementations reject `..` and absolute keys.
 */
export interface BlobStore {
  put(key: string, data: Buffer | Uint8Array | Readable, contentType: string): Promise<BlobInfo>;
  /** Whole object, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  /** Streamed object, or null when absent. */
  stream(key: string): Promise<{ body: Readable; info: BlobInfo } | null>;
  stat(key: string): Promise<BlobInfo | null>;
  /** Removes the object; absent is not an error. */
  delete(key: string): Promise<void>;
  /** Keys below a prefix, for cleanup and orphan checks. */
  list(prefix: string): AsyncIterable<string>;
}

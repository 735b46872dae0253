import type { Readable } from 'node:stream';

export interface BlobInfo {
  size: number;
  contentType: string;
}

/** Bytes `start` to `end` inclusive; `end` absent or past the object means to its last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** A range that starts at or past the end of the object (HTTP 416). */
export class BlobRangeError extends Error {
  constructor(readonly size: number) {
    super(`range not satisfiable: the object has ${size} bytes`);
  }
}

export interface StoredBlob {
  body: Readable;
  /** The whole object's size and type, even when a range is streamed. */
  info: BlobInfo;
  /** The bytes streamed, inclusive, when a range was asked for. */
  range?: { start: number; end: number };
}

/**
 * Where audio, uploads and previews live. Local disk by default, S3-compatible storage when scaled.
 * Keys are relative slash-separated paths (`speaks/<id>.wav`); implementations reject `..` and absolute keys.
 */
export interface BlobStore {
  put(key: string, data: Buffer | Uint8Array | Readable, contentType: string): Promise<BlobInfo>;
  /** Whole object, or null when absent. */
  get(key: string): Promise<Buffer | null>;
  /**
   * Streamed object, or null when absent; only `range` of it when given. Throws BlobRangeError
   * when the range starts at or past its end.
   */
  stream(key: string, range?: ByteRange): Promise<StoredBlob | null>;
  stat(key: string): Promise<BlobInfo | null>;
  /** Removes the object; absent is not an error. */
  delete(key: string): Promise<void>;
  /** Keys below a prefix, for cleanup and orphan checks. */
  list(prefix: string): AsyncIterable<string>;
}

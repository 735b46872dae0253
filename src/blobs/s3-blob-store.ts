import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { silenceAwsSdkNodeVersionWarning } from './aws-sdk-node-warning.js';
import { checkBlobKey, checkBlobPrefix } from './blob-keys.js';
import { BlobRangeError, type BlobInfo, type BlobStore, type ByteRange, type StoredBlob } from './blob-store.js';
import { clampRange } from './byte-range.js';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** Parts of a streamed multipart upload; at most PART_SIZE × QUEUE_SIZE bytes are held in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** S3 (or MinIO, R2, Ceph…) could not be reached, or refused the bucket or the credentials. */
export class S3UnavailableError extends Error {
  readonly code = 'backend_unavailable';
  /** Which backend, for the retry metrics (src/outages). */
  readonly backend = 's3';
}

export interface S3BlobStoreOptions {
  bucket: string;
  /** Put before every key, e.g. `orator/`, to share a bucket. Default none. */
  keyPrefix?: string;
  /** The client; by default one built from `client` settings and the AWS SDK's credential chain. */
  s3?: S3Client;
  client?: S3ClientConfig;
}

/**
 * Blobs as objects of one bucket (key = blob key). Puts of a stream go through lib-storage's
 * multipart upload (a single PUT under one part's size), so large uploads never sit whole in
 * memory; a failed upload aborts its parts, leaving any previous object in place. Reads stream
 * the response body, ranged when asked.
 */
export class S3BlobStore implements BlobStore {
  readonly s3: S3Client;
  readonly bucket: string;
  private readonly keyPrefix: string;

  private readonly where: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.where = typeof options.client?.endpoint === 'string' ? options.client.endpoint : 'AWS S3';
    this.keyPrefix = options.keyPrefix ?? '';
    silenceAwsSdkNodeVersionWarning();
    this.s3 =
      options.s3 ??
      new S3Client({
        // Checksums only where S3 requires them: MinIO, R2, Ceph and older servers do not all
        // understand the newer default trailing checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...options.client,
      });
  }

  /** Checks that the bucket exists and the credentials open it; throws S3UnavailableError saying why. */
  async check(): Promise<void> {
    try {
      await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw unavailable(`bucket ${this.bucket} at ${this.where}`, error);
    }
  }

  async put(key: string, data: Buffer | Uint8Array | Readable, contentType: string): Promise<BlobInfo> {
    checkBlobKey(key);
    const Key = this.keyPrefix + key;
    if (!(data instanceof Readable)) {
      const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      await this.send('storing an object', () =>
        this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length })),
      );
      return { size: body.length, contentType };
    }
    let size = 0;
    const counted = data.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      }),
    );
    // pipe() does not forward errors: a failing source must fail the upload.
    data.once('error', (error) => counted.destroy(error));
    const upload = new Upload({
      client: this.s3,
      params: { Bucket: this.bucket, Key, Body: counted, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      data.destroy();
      if (data.errored) throw data.errored;
      throw unavailable('storing an object', error);
    }
    return { size, contentType };
  }

  async get(key: string): Promise<Buffer | null> {
    const stored = await this.stream(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async stream(key: string, range?: ByteRange): Promise<StoredBlob | null> {
    checkBlobKey(key);
    if (range) clampRange(range, Number.MAX_SAFE_INTEGER); // validates its shape before asking S3
    let response;
    try {
      response = await this.s3.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyPrefix + key,
          ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
        }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      if (range && statusOf(error) === 416) {
        const info = await this.stat(key);
        if (!info) return null;
        throw new BlobRangeError(info.size);
      }
      throw unavailable('reading an object', error);
    }
    const body = response.Body instanceof Readable ? response.Body : Readable.from([]);
    const contentType = response.ContentType ?? DEFAULT_CONTENT_TYPE;
    if (!range) return { body, info: { size: Number(response.ContentLength ?? 0), contentType } };
    // "bytes 0-99/1234"; a server that ignored the Range header answers the whole object.
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
    if (match) {
      if (Number(match[1]) >= Number(match[3])) {
        body.destroy();
        throw new BlobRangeError(Number(match[3]));
      }
      return { body, info: { size: Number(match[3]), contentType }, range: { start: Number(match[1]), end: Number(match[2]) } };
    }
    const size = Number(response.ContentLength ?? 0);
    body.destroy();
    const served = clampRange(range, size);
    return this.stream(key, served);
  }

  async stat(key: string): Promise<BlobInfo | null> {
    checkBlobKey(key);
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyPrefix + key }));
      return { size: Number(head.ContentLength ?? 0), contentType: head.ContentType ?? DEFAULT_CONTENT_TYPE };
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable('reading an object’s size', error);
    }
  }

  async delete(key: string): Promise<void> {
    checkBlobKey(key);
    try {
      await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyPrefix + key }));
    } catch (error) {
      if (isMissing(error)) return;
      throw unavailable('deleting an object', error);
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    checkBlobPrefix(prefix);
    const pages = paginateListObjectsV2({ client: this.s3, pageSize: 1000 }, { Bucket: this.bucket, Prefix: this.keyPrefix + prefix });
    try {
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield object.Key.slice(this.keyPrefix.length);
        }
      }
    } catch (error) {
      throw unavailable('listing objects', error);
    }
  }

  close(): void {
    this.s3.destroy();
  }

  private async send<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw unavailable(what, error);
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (error instanceof S3ServiceException && statusOf(error) === 404 && name !== 'NoSuchBucket');
}

/** Answers from S3 that are not "absent" become S3UnavailableError, named by what was being done. */
function unavailable(what: string, error: unknown): Error {
  if (error instanceof S3UnavailableError) return error;
  const name = (error as { name?: string })?.name ?? 'Error';
  const status = statusOf(error);
  const detail = `${name}${status ? ` (HTTP ${status})` : ''}: ${(error as Error)?.message ?? String(error)}`;
  return new S3UnavailableError(`S3 unavailable (${what}): ${detail}`);
}

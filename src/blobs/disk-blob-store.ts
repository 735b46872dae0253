import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkBlobKey, checkBlobPrefix } from './blob-keys.js';
import type { BlobInfo, BlobStore, ByteRange, StoredBlob } from './blob-store.js';
import { clampRange } from './byte-range.js';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** A partial write untouched this long belongs to a process that died. */
const STALE_TMP_MS = 60 * 60 * 1000;

/**
 * Blobs as plain files under `root`:
 *   objects/<key>       the bytes, unchanged, so operators can inspect and back them up;
 *   meta/<key>.json     `{contentType}`, kept apart so no key can collide with it;
 *   tmp/                partial writes.
 * A put writes to tmp/ and renames into place, so readers see the old object or the new one,
 * never half of one; a crash leaves only junk in tmp/, cleared by a later start.
 *
 * Limits of a filesystem: a key cannot be both an object and a "folder" of other keys
 * (`a` and `a/b`), and concurrent puts of one key may pair one put's bytes with the other's
 * content type. Orator's keys are generated ids, so neither happens in practice.
 */
export class DiskBlobStore implements BlobStore {
  private readonly objects: string;
  private readonly meta: string;
  private readonly tmp: string;
  private ready: Promise<void> | null = null;

  constructor(readonly root: string) {
    this.objects = path.join(root, 'objects');
    this.meta = path.join(root, 'meta');
    this.tmp = path.join(root, 'tmp');
  }

  async put(key: string, data: Buffer | Uint8Array | Readable, contentType: string): Promise<BlobInfo> {
    checkBlobKey(key);
    await this.prepare();
    const target = this.objectPath(key);
    const metaTarget = this.metaPath(key);
    const tmpData = path.join(this.tmp, randomBytes(12).toString('hex'));
    const tmpMeta = `${tmpData}.json`;
    let size = 0;
    try {
      const source = data instanceof Readable ? data : Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      await pipeline(source, counter, fs.createWriteStream(tmpData, { flags: 'wx' }));
      await fsp.writeFile(tmpMeta, JSON.stringify({ contentType }), { flag: 'wx' });
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.mkdir(path.dirname(metaTarget), { recursive: true });
      // Meta first: a crash between the renames leaves new meta beside old bytes at worst,
      // never bytes without meta.
      await fsp.rename(tmpMeta, metaTarget);
      await fsp.rename(tmpData, target);
    } catch (error) {
      await Promise.all([fsp.rm(tmpData, { force: true }), fsp.rm(tmpMeta, { force: true })]);
      throw error;
    }
    return { size, contentType };
  }

  async get(key: string): Promise<Buffer | null> {
    checkBlobKey(key);
    return absentAsNull(fsp.readFile(this.objectPath(key)));
  }

  async stream(key: string, range?: ByteRange): Promise<StoredBlob | null> {
    checkBlobKey(key);
    // Open first and measure the open file: a put replacing the key meanwhile renames a new
    // file into place, and we keep streaming the one we opened, with its own size.
    const handle = await absentAsNull(fsp.open(this.objectPath(key), 'r'));
    if (!handle) return null;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      const size = stats.size;
      const contentType = await this.contentType(key);
      if (!range) return { body: handle.createReadStream(), info: { size, contentType } };
      const served = clampRange(range, size);
      return { body: handle.createReadStream({ start: served.start, end: served.end }), info: { size, contentType }, range: served };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    checkBlobKey(key);
    const stats = await absentAsNull(fsp.stat(this.objectPath(key)));
    if (!stats || !stats.isFile()) return null;
    return { size: stats.size, contentType: await this.contentType(key) };
  }

  async delete(key: string): Promise<void> {
    checkBlobKey(key);
    await absentAsNull(fsp.unlink(this.objectPath(key)));
    await absentAsNull(fsp.unlink(this.metaPath(key)));
  }

  async *list(prefix: string): AsyncIterable<string> {
    checkBlobPrefix(prefix);
    // Walk only the folder the prefix points into, then filter by the partial last segment.
    const slash = prefix.lastIndexOf('/');
    const folder = slash >= 0 ? prefix.slice(0, slash) : '';
    yield* this.walk(folder, prefix);
  }

  private async *walk(folder: string, prefix: string): AsyncIterable<string> {
    const entries = await absentAsNull(fsp.readdir(path.join(this.objects, ...folder.split('/').filter(Boolean)), { withFileTypes: true }));
    if (!entries) return;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        yield key;
      }
    }
  }

  private async contentType(key: string): Promise<string> {
    const text = await absentAsNull(fsp.readFile(this.metaPath(key), 'utf8'));
    if (!text) return DEFAULT_CONTENT_TYPE;
    try {
      const parsed = JSON.parse(text) as { contentType?: unknown };
      return typeof parsed.contentType === 'string' ? parsed.contentType : DEFAULT_CONTENT_TYPE;
    } catch {
      return DEFAULT_CONTENT_TYPE;
    }
  }

  private objectPath(key: string): string {
    return path.join(this.objects, ...key.split('/'));
  }

  private metaPath(key: string): string {
    return `${path.join(this.meta, ...key.split('/'))}.json`;
  }

  /**
   * Creates the folders once per instance and clears partial writes a crash left behind. Only
   * old ones: another process sharing the folder may be writing its own right now.
   */
  private prepare(): Promise<void> {
    this.ready ??= (async () => {
      await fsp.mkdir(this.tmp, { recursive: true });
      await fsp.mkdir(this.objects, { recursive: true });
      await fsp.mkdir(this.meta, { recursive: true });
      // File times are wall-clock, so this compares with the wall clock, not an injected one.
      const cutoff = Date.now() - STALE_TMP_MS;
      for (const name of await fsp.readdir(this.tmp)) {
        const file = path.join(this.tmp, name);
        const stats = await absentAsNull(fsp.stat(file));
        if (stats && stats.mtimeMs < cutoff) await fsp.rm(file, { force: true, recursive: true });
      }
    })().catch((error) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }
}

async function absentAsNull<T>(operation: Promise<T>): Promise<T | null> {
  try {
    return await operation;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTDIR: a parent is a file; EISDIR: the key names a folder of other keys, not an object.
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw error;
  }
}

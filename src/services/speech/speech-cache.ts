import { createHash } from 'node:crypto';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { Clock } from '../../clock.js';
import type { SynthesisCacheRepository } from '../../repositories/synthesis-cache-repository.js';
import type { SynthesizedSpeech } from '../../synthesis/pipeline/speech-request.js';

/** Bump when the engines or the pipeline change what the same request sounds like: old entries stop matching. */
const CACHE_FORMAT = 'orator-speech-cache/2';
const MAGIC = Buffer.from('ORC1');
const blobPrefix = 'cache/speech/';

export type CacheOutcome = 'hit' | 'miss';

/**
 * A cached answer; a recorded stream also keeps its chunks (bytes, and characters spoken up to the
 * end of each); a recorded sentence stream (sentence-stream.ts) its sentences' metadata.
 */
export type CachedSpeech = SynthesizedSpeech & { chunks?: { size: number; spokenUpTo: number }[]; sentences?: unknown[] };

export interface SpeechCacheStats {
  hits: number;
  misses: number;
  stores: number;
  evictions: number;
}

/**
 * Finished answers of synthesis requests, content-addressed: the key is the SHA-256 of everything
 * that shapes the bytes (the voice and its version, the rendering the engine gets, text, language,
 * model, emotion, every output control, format, seed) and of the account asking, so no account
 * can time another's entries. The bytes live in the blob store (disk or
 * S3), the index in the database (`synthesis_cache`), so every process of a scaled setup shares the
 * cache and it survives restarts. The stored bytes stay within `maxBytes`: before an answer is
 * stored, the least recently used entries are evicted to make room; an answer larger than the
 * bound is not stored. `maxBytes` 0 turns the cache off. Lookups and stores never fail a request:
 * a broken cache is a miss.
 */
export class SpeechCache {
  readonly stats: SpeechCacheStats = { hits: 0, misses: 0, stores: 0, evictions: 0 };
  /** Called on every lookup (metrics plug in here). */
  onLookup: ((outcome: CacheOutcome) => void) | null = null;
  private writes: Promise<unknown> = Promise.resolve();
  /** Stores under way, by key. */
  private readonly storing = new Map<string, Promise<unknown>>();
  private lastStamp = 0;

  constructor(
    private readonly deps: { repository: SynthesisCacheRepository; blobs: BlobStore; clock: Clock; maxBytes: number; onError?: (error: unknown) => void },
  ) {}

  get enabled(): boolean {
    return this.deps.maxBytes > 0;
  }

  /** The cache key of a request description: any JSON-able value, hashed in a stable key order. */
  static keyOf(description: unknown): string {
    return createHash('sha256').update(CACHE_FORMAT).update('\0').update(stableJson(description)).digest('hex');
  }

  async get(key: string): Promise<CachedSpeech | null> {
    if (!this.enabled) return null;
    // An answer still being stored behind its response (SpeechService) is found, not made again.
    await this.storing.get(key);
    const found = await this.quietly(() => this.read(key), null);
    if (found) this.stats.hits++;
    else this.stats.misses++;
    this.onLookup?.(found ? 'hit' : 'miss');
    return found;
  }

  /**
   * Stores an answer (after evicting to make room); resolves once stored or given up. `ownerUid`:
   * the account whose request it answers; deleting that account deletes the entry.
   */
  async put(key: string, speech: CachedSpeech, ownerUid: string | null = null): Promise<void> {
    if (!this.enabled) return;
    const next = this.writes.then(() => this.quietly(() => this.write(key, speech, ownerUid), undefined));
    this.writes = next;
    this.storing.set(key, next);
    try {
      await next;
    } finally {
      if (this.storing.get(key) === next) this.storing.delete(key);
    }
  }

  /** Resolves once every store begun so far is done (or given up): before closing, and for tests. */
  async settled(): Promise<void> {
    await this.writes;
  }

  /** Bytes in the cache now, per its index. */
  async totalBytes(): Promise<number> {
    return this.deps.repository.totalBytes();
  }

  private async read(key: string): Promise<CachedSpeech | null> {
    const row = await this.deps.repository.find(key);
    if (!row) return null;
    const bytes = await this.deps.blobs.get(row.blob_key);
    const speech = bytes ? decode(bytes) : null;
    if (!speech) {
      await this.deps.repository.remove(key);
      return null;
    }
    await this.deps.repository.touch(key, this.stamp());
    return speech;
  }

  private async write(key: string, speech: CachedSpeech, ownerUid: string | null): Promise<void> {
    const { repository, blobs, maxBytes } = this.deps;
    if (await repository.find(key)) return;
    const bytes = encode(speech);
    if (bytes.length > maxBytes) return;
    let total = await repository.totalBytes();
    while (total + bytes.length > maxBytes) {
      const victims = await repository.leastRecentlyUsed(16);
      if (victims.length === 0) break;
      for (const victim of victims) {
        if (total + bytes.length <= maxBytes) break;
        // Index first: a reader never finds a row whose blob is gone for good (it would count it a miss anyway).
        await repository.remove(victim.key);
        await blobs.delete(victim.blob_key);
        total -= victim.size;
        this.stats.evictions++;
      }
    }
    const blobKey = `${blobPrefix}${key.slice(0, 2)}/${key}`;
    await blobs.put(blobKey, bytes, 'application/octet-stream');
    const now = this.stamp();
    await repository.insert({ key, blob_key: blobKey, size: bytes.length, created_at: now, last_used_at: now, owner_uid: ownerUid });
    this.stats.stores++;
  }

  /** Milliseconds, strictly increasing within the process (so LRU order holds under a frozen clock). */
  private stamp(): number {
    this.lastStamp = Math.max(this.deps.clock.now(), this.lastStamp + 1);
    return this.lastStamp;
  }

  private async quietly<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.deps.onError?.(error);
      return fallback;
    }
  }
}

/** One blob: magic, 4-byte length of the JSON metadata (timings, rate, duration…), the metadata, the audio. */
function encode(speech: CachedSpeech): Buffer {
  const { audio, ...meta } = speech;
  const json = Buffer.from(JSON.stringify(meta));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, length, json, audio]);
}

function decode(bytes: Buffer): CachedSpeech | null {
  if (bytes.length < 8 || !bytes.subarray(0, 4).equals(MAGIC)) return null;
  const length = bytes.readUInt32BE(4);
  if (8 + length > bytes.length) return null;
  try {
    const meta = JSON.parse(bytes.subarray(8, 8 + length).toString('utf8')) as Omit<CachedSpeech, 'audio'>;
    return { ...meta, audio: new Uint8Array(bytes.subarray(8 + length)) };
  } catch {
    return null;
  }
}

/** JSON with object keys sorted, so equal descriptions hash equal whatever order they were built in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Float32Array || v instanceof Float64Array || v instanceof Int16Array || v instanceof Uint8Array) return Array.from(v);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VoiceEntry } from '../../../services/voices/voice-catalog.js';

/** One listing ready to send: the JSON array, and gzipped when that is worth it. */
export interface CachedList {
  plain: Buffer;
  /** Null for bodies too small to gain from compression. */
  gzip: Buffer | null;
}

/** Below this, gzip's header and the client's work cost more than the bytes saved. */
const gzipFrom = 1024;
const filtersPerAccount = 32;

/**
 * Serialized voice listings, by filter. The built-in catalog changes only when a model is
 * installed or removed, and an account's custom part only when its voices version changes
 * (VoiceCatalog hands out the same arrays until then), so a listing is filtered, serialized and
 * compressed once per distinct query, public URL and custom part, and most requests send a ready
 * buffer. Listings are ~28 kB of JSON (~60 kB more with 200 custom voices) and compress 7–30×,
 * which matters more than anything else for their throughput.
 *
 * Bounded: lists of accounts with no custom voices are shared and capped (free-text filters such as
 * `use_cases` cannot grow them without limit); an account's lists hang off its custom part (a
 * WeakMap key), so they go when VoiceCatalog drops or replaces it, and are capped per account too.
 */
export class JsonListCache {
  private source: object | undefined;
  /** The built-in part of each listing as JSON item text (no brackets). */
  private builtinItems = new Map<string, string>();
  private shared = new Map<string, CachedList>();
  private perAccount = new WeakMap<object, Map<string, CachedList>>();

  constructor(private readonly maxEntries = 512) {}

  /**
   * The listing for `key` (the filter and anything else the shape depends on): the custom entries
   * shaped first, then the built-in ones. `shape` filters and renders one part.
   */
  get(key: string, parts: { custom: readonly VoiceEntry[]; builtin: readonly VoiceEntry[] }, shape: (entries: readonly VoiceEntry[]) => unknown[]): CachedList {
    if (parts.builtin !== this.source) {
      // A model installed or removed: every listing is different now.
      this.builtinItems = new Map();
      this.shared = new Map();
      this.perAccount = new WeakMap();
      this.source = parts.builtin;
    }
    const lists = parts.custom.length === 0 ? this.shared : this.listsOf(parts.custom);
    let list = lists.get(key);
    if (list === undefined) {
      const items = [itemsJson(shape(parts.custom)), this.builtinPart(key, parts.builtin, shape)].filter((p) => p.length > 0).join(',');
      const plain = Buffer.from(`[${items}]`);
      list = { plain, gzip: plain.length >= gzipFrom ? gzipSync(plain) : null };
      if (lists.size >= (lists === this.shared ? this.maxEntries : filtersPerAccount)) lists.delete(lists.keys().next().value!);
      lists.set(key, list);
    }
    return list;
  }

  private listsOf(custom: readonly VoiceEntry[]): Map<string, CachedList> {
    let lists = this.perAccount.get(custom);
    if (lists === undefined) {
      lists = new Map();
      this.perAccount.set(custom, lists);
    }
    return lists;
  }

  private builtinPart(key: string, builtin: readonly VoiceEntry[], shape: (entries: readonly VoiceEntry[]) => unknown[]): string {
    let items = this.builtinItems.get(key);
    if (items === undefined) {
      items = itemsJson(shape(builtin));
      if (this.builtinItems.size >= this.maxEntries) this.builtinItems.delete(this.builtinItems.keys().next().value!);
      this.builtinItems.set(key, items);
    }
    return items;
  }
}

export function itemsJson(items: unknown[]): string {
  return items.length === 0 ? '' : JSON.stringify(items).slice(1, -1);
}

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/** Sends a cached listing, gzipped when it was worth compressing and the client takes gzip. The route's serializer is skipped. */
export function sendListing(request: FastifyRequest, reply: FastifyReply, list: CachedList): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (list.gzip !== null && acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(list.gzip);
  return reply.send(list.plain);
}

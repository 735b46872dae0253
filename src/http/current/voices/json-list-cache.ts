import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One cached listing: its items as JSON text, and the whole array ready to send, plain and gzipped. */
interface CachedList {
  items: string;
  plain: Buffer;
  gzip: Buffer;
}

/**
 * Serialized built-in voice listings, by filter. The built-in catalog changes only when a model is
 * installed or removed, so a listing is filtered, serialized and compressed once per distinct query and
 * public URL; a request then only adds the account's own custom voices in front, and most
 * requests (no custom voices) send a ready buffer. Listings are ~28 kB of JSON and compress ~7×,
 * which matters more than anything else for their throughput. Bounded: free-text filters
 * (`use_cases`) cannot grow it without limit.
 */
export class JsonListCache {
  private readonly lists = new Map<string, CachedList>();
  private source: object | undefined;

  constructor(private readonly maxEntries = 512) {}

  /** `source`: the built-in entries the listing is made of; a new array (a model installed or removed) empties the cache. */
  get(key: string, build: () => unknown[], source?: object): CachedList {
    if (source !== undefined && source !== this.source) {
      this.lists.clear();
      this.source = source;
    }
    let list = this.lists.get(key);
    if (list === undefined) {
      const items = itemsJson(build());
      const plain = Buffer.from(`[${items}]`);
      list = { items, plain, gzip: gzipSync(plain) };
      if (this.lists.size >= this.maxEntries) this.lists.clear();
      this.lists.set(key, list);
    }
    return list;
  }
}

export function itemsJson(items: unknown[]): string {
  return items.length === 0 ? '' : JSON.stringify(items).slice(1, -1);
}

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/**
 * Sends the account's custom voices (already JSON item text) in front of a cached built-in
 * listing. The body is serialized already, so the route's serializer is skipped.
 */
export function sendListing(request: FastifyRequest, reply: FastifyReply, customItems: string, cached: CachedList): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (customItems.length > 0) return reply.send(`[${[customItems, cached.items].filter((p) => p.length > 0).join(',')}]`);
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(cached.gzip);
  return reply.send(cached.plain);
}

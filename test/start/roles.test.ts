import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import pg from 'pg';
import { decodeAudio } from '../../src/synthesis/decoders/decode-audio.js';
import { decodeWav } from '../../src/synthesis/decoders/wav.js';
import { openDatabase } from '../../src/store/database.js';
import { findVoiceByAnyName } from '../../src/synthesis/catalog/find-voice.js';
import { earlierClient, pollUntilFinished } from '../http/earlier/earlier-client.js';
import { startCuttableProxy, type CuttableProxy } from '../store/cuttable-proxy.js';
import { freePort, killChildren, startChildServer } from './child-server.js';
import { heldSynthesis } from './held-synthesis.js';
import { cliPath } from './run-cli.js';

const run = promisify(execFile);
const olivia = findVoiceByAnyName('eng-olivia')!;

/** A node started with `serve --role ROLE` on its own port; resolved once /healthz answers. */
async function startNode(role: string, env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = await startChildServer({ ...env, PORT: String(port) }, children, ['--role', role]);
  return { child, url: `http://127.0.0.1:${port}` };
}

const exitCode = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

describe('serve --role api and --role worker on one SQLite DATA_DIR', () => {
  const children: ChildProcess[] = [];
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let account: { api_token: string; api_key: string };
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-roles-'));
    env = { DATA_DIR: dataDir, HOST: '127.0.0.1', SYNTH_WORKERS: '1', ALLOW_PRIVATE_CALLBACKS: 'true', PUBLIC_URL: 'http://127.0.0.1:9' };
    account = JSON.parse((await run(process.execPath, [cliPath, 'accounts', 'create', '--plan', 'plus', '--json'], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } })).stdout);
  });
  after(async () => {
    killChildren(children);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a speak accepted by the api node is run by the worker node and downloaded through the api node', async () => {
    const api = await startNode('api', env, children);
    const client = earlierClient(api, account.api_token);
    const created = await client.post('/api/speak', { text: 'The worker node speaks this sentence.', lang: 'eng', actor_id: olivia.id });
    assert.equal(created.status, 200);
    // The api node runs no jobs: the speak is done once a worker node is there.
    const worker = await startNode('worker', env, children);
    const result = await pollUntilFinished(client, created.body.result.speak_v2_url, 200, 60_000);
    assert.equal(result.status, 'done');
    const link = new URL(result.audio_download_url);
    const audio = await fetch(`${api.url}${link.pathname}${link.search}`);
    assert.equal(audio.status, 200);
    const pcm = await decodeAudio(new Uint8Array(await audio.arrayBuffer()));
    assert.ok(pcm.samples.length / pcm.sampleRate > 1, 'a sentence of speech');

    for (const node of [api, worker]) {
      const alive = await fetch(`${node.url}/healthz`);
      assert.equal(alive.status, 200);
      const ready = await fetch(`${node.url}/readyz`);
      assert.equal(ready.status, 200, await ready.clone().text());
    }
    // The worker serves nothing but its probes and its own metrics (outages waited out, jobs reconciled).
    const metrics = await fetch(`${worker.url}/metrics`);
    assert.equal(metrics.status, 200);
    const exposition = await metrics.text();
    assert.match(exposition, /# TYPE orator_backend_retries_total counter/);
    assert.match(exposition, /# TYPE orator_reconciled_jobs_total counter/);
    assert.doesNotMatch(exposition, /orator_http_requests_total/);
    for (const address of ['/api/speak', '/v1/voices', '/v3/voices', `/previews/tc_${olivia.id}.mp3`, '/']) {
      const answer = await fetch(`${worker.url}${address}`);
      assert.equal(answer.status, 404, address);
      assert.equal((await answer.json()).detail, 'Not Found');
    }
    const refused = await fetch(`${worker.url}/api/speak`, { method: 'POST', headers: { authorization: `Bearer ${account.api_token}`, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(refused.status, 404);

    for (const node of [api, worker]) {
      node.child.kill('SIGTERM');
      assert.equal(await exitCode(node.child), 0);
    }
  });

  it('on SIGTERM the api node refuses new requests, finishes the one in flight, and exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [cliPath, 'serve', '--role', 'api', '--port', String(port)], { env: { ...process.env, ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    let output = '';
    const waiters: Array<() => void> = [];
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      for (const wake of waiters.splice(0)) wake();
    });
    const logged = async (pattern: RegExp) => {
      while (!pattern.test(output)) {
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    await logged(/Orator listening on .*, api; public URL/);

    // A synthesis whose headers the server has (100 Continue) but whose body comes only after SIGTERM.
    const held = heldSynthesis(port, account.api_key, { voice_id: `tc_${olivia.id}`, model: 'ssfm-v30', text: 'This request was in flight when the node was told to stop, and it still ends with its audio.' });
    await held.continued;
    child.kill('SIGTERM');
    await logged(/SIGTERM: draining/);
    // Draining: a new connection is not taken.
    await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`));
    held.send();
    const answer = await held.response;
    assert.equal(answer.status, 200, answer.bytes.toString());
    const pcm = decodeWav(answer.bytes);
    assert.ok(pcm.samples.length / pcm.sampleRate > 2, 'the whole sentence');
    assert.equal(await exitCode(child), 0);
  });

  it('on SIGTERM a worker finishes the job it is running before it exits 0', async () => {
    const api = await startNode('api', env, children);
    const client = earlierClient(api, account.api_token);
    const store = await openDatabase({ dataDir });
    const earlierJobs = (await store.db.selectFrom('jobs').select('id').execute()).map((job) => job.id);
    const text = 'A worker told to stop while it speaks this paragraph finishes it first. '.repeat(4).trim();
    const created = await client.post('/api/speak', { text, lang: 'eng', actor_id: olivia.id });
    assert.equal(created.status, 200);
    const worker = await startNode('worker', env, children);
    // Wait (polling the shared database) until the worker has claimed the speak's job.
    try {
      const deadline = Date.now() + 60_000;
      const claimed = () => store.db.selectFrom('jobs').select('id').where('state', 'in', ['active', 'completed']).$if(earlierJobs.length > 0, (q) => q.where('id', 'not in', earlierJobs)).executeTakeFirst();
      while (!(await claimed())) {
        assert.ok(Date.now() < deadline, 'the worker claims the job');
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await store.close();
    }
    worker.child.kill('SIGTERM');
    assert.equal(await exitCode(worker.child), 0);
    // No worker runs any more: the speak is done because the stopping worker finished it.
    const result = (await client.get(created.body.result.speak_v2_url.replace(/^https?:\/\/[^/]+/, ''))).body.result;
    assert.equal(result.status, 'done');
    api.child.kill('SIGTERM');
    assert.equal(await exitCode(api.child), 0);
  });

  it('refuses an unknown role', async () => {
    const failed = await run(process.execPath, [cliPath, 'serve', '--role', 'everything'], { env: { ...process.env, ...env, LOG_LEVEL: 'silent' } }).catch((error) => error);
    assert.notEqual(failed.code, 0);
    assert.match(failed.stderr, /ORATOR_ROLE must be one of all, api, worker/);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe('GET /readyz when PostgreSQL goes away', { skip: databaseUrl ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const schema = `orator_readyz_${process.pid}_${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  let admin: pg.Client;
  let proxy: CuttableProxy;
  let dataDir: string;
  before(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const target = new URL(databaseUrl!);
    proxy = await startCuttableProxy(target.hostname, Number(target.port || 5432));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-readyz-'));
  });
  after(async () => {
    killChildren(children);
    await proxy?.close();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 naming the database on the api and the worker role, and 200 again once it is back', async () => {
    const viaProxy = new URL(databaseUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATA_DIR: dataDir, HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:9', SYNTH_WORKERS: '1', DATABASE_URL: viaProxy.toString(), ORATOR_SECRET_KEY: randomBytes(32).toString('base64'), DATABASE_CONNECT_TIMEOUT: '2' };
    const nodes = [await startNode('api', env, children), await startNode('worker', env, children)];
    for (const node of nodes) assert.equal((await fetch(`${node.url}/readyz`)).status, 200);
    proxy.cut();
    for (const node of nodes) {
      const down = await fetch(`${node.url}/readyz`);
      assert.equal(down.status, 503);
      assert.match((await down.json()).detail, /unreachable: PostgreSQL/);
      assert.equal((await fetch(`${node.url}/healthz`)).status, 200, 'still alive');
    }
    proxy.restore();
    for (const node of nodes) {
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i++) status = (await fetch(`${node.url}/readyz`)).status;
      assert.equal(status, 200);
    }
    for (const node of nodes) {
      node.child.kill('SIGTERM');
      assert.equal(await exitCode(node.child), 0);
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe('GET /readyz when Redis goes away', { skip: redisUrl ? false : 'TEST_REDIS_URL is not set' }, () => {
  const prefix = `orator-readyz-${process.pid}-${randomBytes(4).toString('hex')}:`;
  const children: ChildProcess[] = [];
  let proxy: CuttableProxy;
  let dataDir: string;
  before(async () => {
    const target = new URL(redisUrl!);
    proxy = await startCuttableProxy(target.hostname, Number(target.port || 6379));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-readyz-redis-'));
  });
  after(async () => {
    killChildren(children);
    await proxy?.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 naming Redis, and 200 again by itself once it is back', async () => {
    const viaProxy = new URL(redisUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const node = await startNode('worker', { DATA_DIR: dataDir, HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:9', SYNTH_WORKERS: '1', REDIS_URL: viaProxy.toString(), REDIS_PREFIX: prefix }, children);
    assert.equal((await fetch(`${node.url}/readyz`)).status, 200);
    proxy.cut();
    const down = await fetch(`${node.url}/readyz`);
    assert.equal(down.status, 503);
    assert.match((await down.json()).detail, /unreachable: Redis at redis:\/\/127\.0\.0\.1:\d+/);
    assert.equal((await fetch(`${node.url}/healthz`)).status, 200, 'still alive');
    proxy.restore();
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await fetch(`${node.url}/readyz`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(status, 200);
    node.child.kill('SIGTERM');
    assert.equal(await exitCode(node.child), 0);
  });
});

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { characterCount } from '../../src/services/speaks/speak-service.js';
import { findVoiceByAnyName } from '../../src/synthesis/catalog/find-voice.js';
import { decodeAudio } from '../../src/synthesis/decoders/decode-audio.js';
import { earlierClient } from '../http/earlier/earlier-client.js';
import { runCli } from '../start/run-cli.js';
import { Cluster, speakIdOf, startCallbackReceiver, until, type ClusterNode, type CreatedAccount } from './cluster-fixture.js';
import { startPrivateRedis, type PrivateRedis } from './private-redis.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const olivia = findVoiceByAnyName('eng-olivia')!;
/** The reconciler's period in this cluster: a loss heals within it (plus a run). */
const reconcileSeconds = 5;
/** How long S3 stays away under load: the outage. */
const s3OutageMs = 60_000;

/**
 * The database is the truth and the queues are derived; outages are waited out. A cluster (an
 * API node and a worker on PostgreSQL, S3 and a PRIVATE Redis, so FLUSHALL touches no one else's
 * keys) loses its whole queue to FLUSHALL with a backlog of speaks and webhooks, then loses S3 for
 * a minute under load: every speak ends done, every callback is received once per recorded
 * attempt, and the credits are exactly what the speaks cost.
 */
describe('a cluster through outages: Redis emptied, S3 cut for a minute', { skip: databaseUrl ? false : 'TEST_DATABASE_URL is needed' }, () => {
  let redis: PrivateRedis;
  let cluster: Cluster;
  let api: ClusterNode;
  let worker: ClusterNode;
  let account: CreatedAccount;
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  const texts = new Map<string, string>();

  before(async () => {
    redis = await startPrivateRedis();
    cluster = new Cluster(databaseUrl!, redis.url, { JOB_CONCURRENCY: '4', RECONCILE_SECONDS: String(reconcileSeconds), STORAGE_RETRY_SECONDS: '300' });
    await cluster.open('http://127.0.0.1:1');
    account = await cluster.createAccount('plus');
    await cluster.setPlan('plus', { speakRatePerMinute: 1000 });
    // A shared test machine under load may take minutes to start a node: a guard, not a speed assert.
    [api, worker] = await Promise.all([cluster.start('api', { startTimeoutMs: 300_000 }), cluster.start('worker', { startTimeoutMs: 300_000 })]);
    receiver = await startCallbackReceiver();
    const set = await earlierClient(api, account.api_token).put('/api/me/callback-url', { callback_url: receiver.url });
    assert.equal(set.status, 200, JSON.stringify(set.body));
  });
  after(async () => {
    await receiver?.close();
    await cluster?.close();
    await redis?.close();
  });

  const speak = async (text: string) => {
    const created = await earlierClient(api, account.api_token).post('/api/speak', { text, lang: 'eng', actor_id: olivia.id });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const id = speakIdOf(created.body.result.speak_v2_url);
    texts.set(id, text);
    return id;
  };

  it('readyz and doctor say that this Redis does not persist', async () => {
    const ready = await fetch(`${api.url}/readyz`);
    assert.equal(ready.status, 200);
    const body = (await ready.json()) as { status: string; warning?: string };
    assert.equal(body.status, 'ready');
    assert.match(body.warning ?? '', /does not persist/);
    assert.match(body.warning ?? '', /appendonly yes/);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'orator-outages-doctor-'));
    try {
      const run = await runCli(['doctor', '--json'], { DATA_DIR: dataDir, REDIS_URL: redis.url });
      const report = JSON.parse(run.stdout) as { checks: { name: string; status: string; detail: string; fix?: string }[] };
      const persistence = report.checks.find((c) => c.name === 'redis persistence');
      assert.equal(persistence?.status, 'warn', run.stdout);
      assert.match(persistence!.fix ?? '', /appendonly yes/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('FLUSHALL with a backlog of speaks and webhooks: all done, each delivered once per attempt, credits exact', async () => {
    const usedBefore = await usedCredits(cluster, account.uid);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await speak(`Backlog speak ${i + 1}, queued before Redis forgets everything.`));
    // Some are done and delivered, most still queued: then Redis loses everything.
    await until('a first delivered callback', async () => receiver.answered.size >= 1);
    await redis.flushAll();
    const doneAtFlush = await countDone(cluster, ids);
    assert.ok(doneAtFlush < ids.length, `a backlog at the flush (${doneAtFlush} of ${ids.length} done)`);

    await until('every speak done and delivered', async () => (await countDone(cluster, ids)) === ids.length && (await deliveredCount(cluster, ids)) === ids.length, 300_000, 500);
    const attempts = await deliveryAttempts(cluster, ids);
    for (const id of ids) {
      assert.equal(receiver.answered.get(id), attempts.get(id), `speak ${id}: received ${receiver.answered.get(id)} times for ${attempts.get(id)} recorded attempt(s)`);
      assert.equal(attempts.get(id), 1, `speak ${id}: a receiver that answers at once needs one attempt`);
    }
    const cost = ids.reduce((sum, id) => sum + characterCount(texts.get(id)!), 0);
    assert.equal((await usedCredits(cluster, account.uid)) - usedBefore, cost, 'each speak charged once, none refunded');
    // The worker's reconciler gave the lost jobs back (its own counter).
    assert.ok((await workerCounter(worker, 'orator_reconciled_jobs_total')) > 0);
  });

  it('S3 stopped for a minute under load, then back on its port: every speak done, the retries counted', async () => {
    const before = await workerCounter(worker, 'orator_backend_retries_total', 's3');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await speak(`Made just before the storage goes away, number ${i + 1}.`));
    await cluster.stopS3();
    const stoppedAt = Date.now();
    for (let i = 0; i < 20; i++) ids.push(await speak(`Made while the storage is away, number ${i + 1}.`));
    // The worker is waiting the outage out (its retries counted), not failing the speaks.
    await until('the worker to retry storing', async () => (await workerCounter(worker, 'orator_backend_retries_total', 's3')) > before, 120_000, 500);
    // The outage lasts its minute (the scenario's length, not an assertion about speed).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, s3OutageMs - (Date.now() - stoppedAt))));
    assert.equal(await countFailed(cluster, ids), 0, 'no speak failed during the outage');
    await cluster.startS3();
    await until('every speak done', async () => (await countDone(cluster, ids)) + (await countFailed(cluster, ids)) === ids.length, 300_000, 500);
    assert.equal(await countFailed(cluster, ids), 0);
    // The audio of one made during the outage is in the bucket and plays.
    const last = await earlierClient(api, account.api_token).get(`/api/speak/v2/${ids[ids.length - 1]}`);
    const link = new URL(last.body.result.audio_download_url);
    const audio = await fetch(`${api.url}${link.pathname}${link.search}`);
    assert.equal(audio.status, 200);
    const pcm = await decodeAudio(new Uint8Array(await audio.arrayBuffer()));
    assert.ok(pcm.samples.length / pcm.sampleRate > 1);
    await until('every callback', async () => (await deliveredCount(cluster, ids)) === ids.length, 120_000, 500);
    for (const id of ids) assert.equal(receiver.answered.get(id), 1, `speak ${id}`);
  });
});

async function countDone(cluster: Cluster, ids: string[]): Promise<number> {
  const { rows } = await cluster.db.query<{ n: string }>(`select count(*) as n from speaks where id = any($1) and status = 'done'`, [ids]);
  return Number(rows[0].n);
}

async function countFailed(cluster: Cluster, ids: string[]): Promise<number> {
  const { rows } = await cluster.db.query<{ n: string }>(`select count(*) as n from speaks where id = any($1) and status = 'failed'`, [ids]);
  return Number(rows[0].n);
}

async function deliveredCount(cluster: Cluster, ids: string[]): Promise<number> {
  const { rows } = await cluster.db.query<{ n: string }>(`select count(*) as n from webhook_deliveries where speak_id = any($1) and status = 'delivered'`, [ids]);
  return Number(rows[0].n);
}

async function deliveryAttempts(cluster: Cluster, ids: string[]): Promise<Map<string, number>> {
  const { rows } = await cluster.db.query<{ speak_id: string; attempts: number }>(`select speak_id, attempts from webhook_deliveries where speak_id = any($1)`, [ids]);
  return new Map(rows.map((r) => [r.speak_id, Number(r.attempts)]));
}

async function usedCredits(cluster: Cluster, uid: string): Promise<number> {
  const { rows } = await cluster.db.query<{ used: string }>(`select used_credits as used from accounts where uid = $1`, [uid]);
  return Number(rows[0].used);
}

/** A counter's value on the worker's /metrics (summed over its series, or the one with `backend`). */
async function workerCounter(worker: ClusterNode, name: string, backend?: string): Promise<number> {
  const text = await (await fetch(`${worker.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (backend && !line.includes(`backend="${backend}"`)) continue;
    total += Number(line.split(' ').pop());
  }
  return total;
}


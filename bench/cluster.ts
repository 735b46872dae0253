/**
 * Scale-out benchmark (issue 9): what adding nodes buys, and what the shared backends cost.
 *
 * 1. Speak-job throughput (`POST /api/speak` → done) with one and with two worker processes
 *    (SYNTH_WORKERS=1 each), with each worker's CPU over the run (from /proc, its engine host
 *    process included): on a 2-core machine synthesis is the limit, so the ratio is bounded by the
 *    cores left free.
 * 2. A light route (`GET /v1/users/me/subscription`: key check, plan and usage read) through one
 *    and through two API nodes, 16 clients on keep-alive connections, round-robin over the nodes.
 * 3. Per-request overhead of the Redis limiters (concurrency slot taken and given back, one rate
 *    hit) against the in-memory ones, one after another in this process.
 * 4. Blob put and get of a 441 kB speak-sized object on s3rver (over HTTP) against the disk store.
 *
 * Needs PostgreSQL and Redis: BENCH_DATABASE_URL / BENCH_REDIS_URL, else TEST_DATABASE_URL /
 * TEST_REDIS_URL (own schema and key prefix, removed at the end). Nodes are real processes.
 * Run: npm run bench:cluster
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DiskBlobStore } from '../src/blobs/disk-blob-store.js';
import type { BlobStore } from '../src/blobs/blob-store.js';
import { InMemoryConcurrencyLimiter } from '../src/limits/in-memory-concurrency-limiter.js';
import { InMemoryRateLimiter } from '../src/limits/in-memory-rate-limiter.js';
import type { ConcurrencyLimiter, RateLimiter } from '../src/limits/limiter.js';
import { RedisConcurrencyLimiter } from '../src/limits/redis-concurrency-limiter.js';
import { RedisRateLimiter } from '../src/limits/redis-rate-limiter.js';
import { findVoiceByAnyName } from '../src/synthesis/catalog/find-voice.js';
import { Cluster, type ClusterNode } from '../test/cluster/cluster-fixture.js';
import { fixed, percentile, printTable } from './table.js';
import { englishText } from './texts.js';

const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL;
const speaksPerRun = 24;
const speakCharacters = 300;
const lightSeconds = 4;
const lightClients = 16;
const limiterRounds = 2000;
const blobRounds = 30;
const ticksPerSecond = 100; // USER_HZ on Linux

/**
 * CPU seconds (user + system, all threads) a node has used so far, its child processes included:
 * the Flite engine runs in a host process of its own under each node.
 */
function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0; // gone meanwhile
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, and cutime, cstime of children already reaped.
  const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  let seconds = 0;
  for (const task of readdirSafe(`/proc/${pid}/task`)) {
    for (const child of readFileSafe(`/proc/${pid}/task/${task}/children`).split(' ').filter(Boolean)) seconds += cpuSeconds(Number(child));
  }
  return ticks / ticksPerSecond + seconds;
}

const readdirSafe = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const readFileSafe = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

async function speakThroughput(cluster: Cluster, api: ClusterNode, workers: ClusterNode[], token: string, run: number) {
  const actor = findVoiceByAnyName('eng-olivia')!.id;
  const cpuBefore = workers.map((w) => cpuSeconds(w.child.pid!));
  const started = performance.now();
  // Made 8 at a time, so the speaks queue up faster than the workers finish them.
  const ids = await Promise.all(
    Array.from({ length: speaksPerRun }, async (_, i) => {
      await new Promise((r) => setTimeout(r, Math.floor(i / 8) * 5));
      const res = await fetch(`${api.url}/api/speak`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        // A distinct opening per speak: every one is synthesized.
        body: JSON.stringify({ text: `Run ${run}, speak ${i}. ${englishText(speakCharacters)}`, lang: 'eng', actor_id: actor }),
      });
      if (res.status !== 200) throw new Error(`speak ${res.status}: ${await res.text()}`);
      return new URL(((await res.json()) as { result: { speak_v2_url: string } }).result.speak_v2_url).pathname.split('/').pop()!;
    }),
  );
  for (;;) {
    const { rows } = await cluster.db.query<{ status: string; n: string }>(`select status, count(*) as n from speaks where id = any($1) group by status`, [ids]);
    const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    if (count('failed') > 0) throw new Error(`${count('failed')} speak(s) failed`);
    if (count('done') === ids.length) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const wall = (performance.now() - started) / 1000;
  const cpu = workers.map((w, i) => cpuSeconds(w.child.pid!) - cpuBefore[i]);
  return { perSecond: speaksPerRun / wall, wall, cpu };
}

async function lightRoute(nodes: ClusterNode[], apiKey: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: lightClients });
  const once = (node: ClusterNode) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(`${node.url}/v1/users/me/subscription`, { agent, headers: { 'x-api-key': apiKey } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`subscription ${res.statusCode}`));
        res.on('data', () => undefined);
        res.on('end', resolve);
        res.on('error', reject);
      });
      request.on('error', reject);
    });
  let next = 0;
  const run = async (seconds: number) => {
    const cpuBefore = nodes.map((n) => cpuSeconds(n.child.pid!));
    const times: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: lightClients }, async () => {
        while (performance.now() - start < seconds * 1000) {
          const t = performance.now();
          await once(nodes[next++ % nodes.length]);
          times.push(performance.now() - t);
        }
      }),
    );
    const wall = (performance.now() - start) / 1000;
    return { perSecond: times.length / wall, p50: percentile(times, 50), cpu: nodes.map((n, i) => (cpuSeconds(n.child.pid!) - cpuBefore[i]) / wall) };
  };
  await run(1); // warm-up: connections, key cache, JIT
  const result = await run(lightSeconds);
  agent.destroy();
  return result;
}

/** Microseconds per request of a limiter: a slot taken and given back, or one rate hit. */
async function limiterCost(concurrency: ConcurrencyLimiter, rate: RateLimiter) {
  const slot = async (i: number) => {
    const release = await concurrency.tryAcquire(`bench:${i % 64}`, 1_000_000);
    await release?.();
  };
  const hit = (i: number) => rate.hit(`bench:${i % 64}`, 1_000_000_000, 60_000);
  for (let i = 0; i < 200; i++) {
    await slot(i);
    await hit(i);
  }
  const time = async (op: (i: number) => Promise<unknown>) => {
    const t = performance.now();
    for (let i = 0; i < limiterRounds; i++) await op(i);
    return ((performance.now() - t) * 1000) / limiterRounds;
  };
  return { slot: await time(slot), hit: await time(hit) };
}

async function blobLatency(store: BlobStore) {
  const bytes = randomBytes(441_000); // 5 s of 44.1 kHz 16-bit mono: a short speak's WAV
  const puts: number[] = [];
  const gets: number[] = [];
  for (let i = 0; i < blobRounds + 3; i++) {
    const key = `bench/blob-${i}.wav`;
    let t = performance.now();
    await store.put(key, bytes, 'audio/wav');
    const put = performance.now() - t;
    t = performance.now();
    const back = await store.get(key);
    const get = performance.now() - t;
    if (!back || back.length !== bytes.length) throw new Error('blob came back different');
    if (i >= 3) {
      puts.push(put);
      gets.push(get);
    }
    await store.delete(key);
  }
  return { put: percentile(puts, 50), get: percentile(gets, 50) };
}

async function main(): Promise<void> {
  if (!databaseUrl || !redisUrl) throw new Error('bench:cluster needs PostgreSQL and Redis: set BENCH_DATABASE_URL and BENCH_REDIS_URL (or TEST_DATABASE_URL and TEST_REDIS_URL)');
  const cluster = new Cluster(databaseUrl, redisUrl, { LOG_LEVEL: 'silent' });
  const diskDir = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-cluster-disk-'));
  try {
    await cluster.open('http://127.0.0.1:1');
    const account = await cluster.createAccount('custom');
    const [api1, api2, worker1] = await Promise.all([cluster.start('api'), cluster.start('api'), cluster.start('worker')]);
    const cores = os.availableParallelism();
    console.log(`${cores} core(s); every node SYNTH_WORKERS=1; PostgreSQL, Redis, s3rver on this machine`);

    // 1. Speak jobs: one worker, then two.
    await speakThroughput(cluster, api1, [worker1], account.api_token, 0); // warm-up
    const one = await speakThroughput(cluster, api1, [worker1], account.api_token, 1);
    const worker2 = await cluster.start('worker');
    await speakThroughput(cluster, api1, [worker1, worker2], account.api_token, 2); // warm-up of the second
    const two = await speakThroughput(cluster, api1, [worker1, worker2], account.api_token, 3);
    const cpu = (c: number[], wall: number) => c.map((s) => `${fixed((100 * s) / wall, 0)} %`).join(' + ');
    printTable(
      `Speak jobs (${speaksPerRun} speaks of ~${speakCharacters} characters, POST /api/speak until done)`,
      ['workers', 'speaks/s', 'ratio', 'wall s', 'worker CPU (of one core)'],
      [
        ['1 worker process (yardstick)', fixed(one.perSecond, 2), '1.00', fixed(one.wall, 1), cpu(one.cpu, one.wall)],
        ['2 worker processes', fixed(two.perSecond, 2), fixed(two.perSecond / one.perSecond, 2), fixed(two.wall, 1), cpu(two.cpu, two.wall)],
      ],
    );
    await cluster.kill(worker2);

    // 2. A light route through one API node, then two.
    const single = await lightRoute([api1], account.api_key);
    const pair = await lightRoute([api1, api2], account.api_key);
    const percents = (c: number[]) => c.map((x) => `${fixed(100 * x, 0)} %`).join(' + ');
    printTable(
      `GET /v1/users/me/subscription, ${lightClients} clients, ${lightSeconds} s`,
      ['API nodes', 'req/s', 'ratio', 'p50 ms', 'node CPU (of one core)'],
      [
        ['1 API node (yardstick)', fixed(single.perSecond, 0), '1.00', fixed(single.p50, 2), percents(single.cpu)],
        ['2 API nodes', fixed(pair.perSecond, 0), fixed(pair.perSecond / single.perSecond, 2), fixed(pair.p50, 2), percents(pair.cpu)],
      ],
    );

    // 3. Limiters, in memory and on Redis.
    const memory = await limiterCost(new InMemoryConcurrencyLimiter(), new InMemoryRateLimiter());
    const redisCounters = await limiterCost(new RedisConcurrencyLimiter(cluster.redis, { prefix: cluster.prefix }), new RedisRateLimiter(cluster.redis, { prefix: cluster.prefix }));
    printTable(
      `Limiters: cost per request (µs, mean of ${limiterRounds} in sequence)`,
      ['limiter', 'in memory (yardstick)', 'Redis', 'ratio', 'Redis − memory'],
      [
        ['concurrency slot: take + give back', fixed(memory.slot, 1), fixed(redisCounters.slot, 1), fixed(redisCounters.slot / memory.slot, 0), fixed(redisCounters.slot - memory.slot, 1)],
        ['rate: one hit', fixed(memory.hit, 1), fixed(redisCounters.hit, 1), fixed(redisCounters.hit / memory.hit, 0), fixed(redisCounters.hit - memory.hit, 1)],
      ],
    );

    // 4. Blobs on s3rver and on disk.
    const disk = await blobLatency(new DiskBlobStore(diskDir));
    const s3 = await blobLatency(cluster.bucket);
    printTable(
      `Blob store: 441 kB object, median ms of ${blobRounds}`,
      ['operation', 'disk (yardstick)', 'S3 (s3rver, HTTP)', 'ratio'],
      [
        ['put', fixed(disk.put, 2), fixed(s3.put, 2), fixed(s3.put / disk.put, 1)],
        ['get', fixed(disk.get, 2), fixed(s3.get, 2), fixed(s3.get / disk.get, 1)],
      ],
    );
  } finally {
    await cluster.close();
    rmSync(diskDir, { recursive: true, force: true });
  }
}

await main();

/**
 * Light-route benchmark (issue 16): requests per second of the signed-in routes that do no
 * synthesis (`GET /v2/voices/{id}`, `GET /v1/users/me/subscription`, `GET /v3/voices`), for an
 * account with no custom voices and one with 200, against a bare Fastify hello-world measured in
 * the same run. Both servers run as child processes (Orator as `orator serve`), and the load comes
 * from autocannon in this process.
 *
 * How it is kept steady (docs/performance.md, "Light routes", session 8):
 * - Pinned cores on a quiet machine. Where `taskset` exists, there are at least two CPUs and they
 *   were under 15 % busy over the second before, both servers run on the last CPU and this process
 *   (autocannon) on the others, so the server under test never shares its core with the load generator and the
 *   scheduler cannot move one onto the other's core halfway through a round (unpinned, rounds of
 *   one row read anywhere from 0.30× to 0.64×). Hello-world and Orator get the same core, one after the
 *   other, so the conditions are the same for both. On a busy machine pinning traps the processes
 *   under other work, so it is left off there. `BENCH_PIN=1` / `0` forces it either way.
 * - One warm-up round of every row and the hello-world, at full length, thrown away: Orator's CPU
 *   per request kept falling for its first ~10 s under load (JIT, caches, and the young generation
 *   the start-up collection shrank growing back), and the old 1 s per row left the first counted
 *   round inside that.
 * - Rounds interleaved: in every round each row is measured between two hello-world runs, its
 *   ratio to their mean is the round's value, and the rows' order rotates from round to round, so
 *   a drift of the machine's load or a row's position cannot favour one side.
 * - Requests per second are the requests completed over the round's measured wall time.
 * - The table prints each row's median ratio with its spread (lowest–highest round), the servers'
 *   CPU per request, and how busy the server and this process were. The hello-world's server has
 *   stayed well under a core in every run (~40–50 %): its req/s is bounded by autocannon's one
 *   thread and by what else runs, so the ratio is against what one load generator gets out of a
 *   bare Fastify on this machine, pinned or not.
 *
 * Run alone: npm run bench:light-routes. `BENCH_DATABASE_URL=postgres://…` runs Orator on
 * PostgreSQL (a fresh schema, dropped at the end) instead of its SQLite file.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openRepositories } from '../src/repositories/index.js';
import { openDatabase } from '../src/store/database.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { pinServerApart, type Pinning } from './cpu-pinning.js';
import { median, type BenchSection } from './sections.js';
import { fixed, printTable } from './table.js';

const cli = fileURLToPath(new URL('../src/start/cli.js', import.meta.url));
const helloWorld = fileURLToPath(new URL('./hello-world-server.js', import.meta.url));

export interface LightRoutesOptions {
  /** Interleaved rounds per row, after one warm-up round that is not counted (default 5). */
  rounds?: number;
  /** Seconds of load per measurement (default 2). */
  seconds?: number;
  /** Servers on one CPU, the load generator on the others, where `taskset` allows (default: on a quiet machine, see pinByDefault). */
  pin?: boolean;
  /** Concurrent connections of the load generator (default 16). */
  connections?: number;
  /** PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** Prints the detailed table (default true when run alone). */
  print?: boolean;
}

interface Child {
  url: string;
  child: ChildProcess;
}

/** `node args`, on the server's CPU when pinned. */
function spawnNode(pinning: Pinning | null, args: string[], options: Parameters<typeof spawn>[2]): ChildProcess {
  const [command, argv] = pinning ? pinning.wrap(process.execPath, args) : [process.execPath, args];
  return spawn(command, argv, options);
}

async function startHelloWorld(pinning: Pinning | null): Promise<Child> {
  const child = spawnNode(pinning, [helloWorld], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`hello-world exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${line.trim()}`, child };
}

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      if (i > 600) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Fixture {
  orator: Child;
  empty: { apiKey: string };
  full: { apiKey: string; customVoiceId: string };
  builtinVoiceId: string;
  close(): Promise<void>;
}

/** Orator in a child process with two accounts: one with no custom voices, one with `customVoices` completed ones. */
async function startOrator(databaseUrl: string | undefined, customVoices: number, pinning: Pinning | null): Promise<Fixture> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-light-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const schema = databaseUrl ? `orator_bench_${randomBytes(4).toString('hex')}` : undefined;
  const dbUrl = databaseUrl && schema ? withSearchPath(databaseUrl, schema) : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SYNTH_WORKERS: '1' };
  if (dbUrl) env.DATABASE_URL = dbUrl;
  else delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const store = await openDatabase({ databaseUrl: databaseUrl ?? null, dataDir, schema });
  await migrateToLatest(store);
  await store.close();
  const create = () => JSON.parse(execFileSync(process.execPath, [cli, 'accounts', 'create', '--plan', 'custom', '--json'], { env, encoding: 'utf8' })) as { api_key: string; uid: string };
  const empty = create();
  const full = create();
  // The voices are written straight into the table: listing and lookups read only their rows,
  // and cloning 200 samples would take minutes.
  const writer = await openDatabase({ databaseUrl: databaseUrl ?? null, dataDir, schema });
  const { customVoices: repository } = openRepositories(writer.db);
  let customVoiceId = '';
  for (let i = 0; i < customVoices; i++) {
    const voiceId = `uc_${randomBytes(12).toString('hex')}`;
    customVoiceId ||= voiceId;
    await repository.insert({
      voice_id: voiceId,
      account_uid: full.uid,
      name: `Bench voice ${i + 1}`,
      model: 'ssfm-v30',
      language: 'eng',
      source: 'instant',
      status: 'completed',
      profile: '{}',
      created_at: 1_700_000_000_000 + i,
      updated_at: 1_700_000_000_000 + i,
    });
  }
  await writer.close();
  const child = spawnNode(pinning, [cli, 'serve'], { env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  const voices = (await (await fetch(`${url}/v3/voices`, { headers: { 'x-api-key': empty.api_key } })).json()) as { voice_id: string; voice_name: { eng: string } }[];
  const builtinVoiceId = voices.find((v) => v.voice_name.eng === 'Olivia')!.voice_id;
  return {
    orator: { url, child },
    empty: { apiKey: empty.api_key },
    full: { apiKey: full.api_key, customVoiceId },
    builtinVoiceId,
    async close() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && schema) {
        const admin = await openDatabase({ databaseUrl, dataDir });
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.close();
      }
    },
  };
}

function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** CPU time (user + system, µs) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuMicros(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return null;
  }
}

interface Measured {
  rps: number;
  /** Server CPU µs per request: steadier than req/s when other work shares the machine. */
  cpuPerRequest: number | null;
  /** The server's CPU time over the wall time of the round (1 = a whole core). */
  busy: number | null;
  /** This process's (the load generator's) CPU time over the wall time of the round. */
  loadBusy: number;
}

/**
 * Autocannon keeps each response's body as a string (`body += chunk`, a UTF-8 decode of the
 * bytes) for checks this bench does not make. On a 7.5 kB gzipped listing that made the load
 * generator, not the server, the limit (99 % busy against the server's 51 %, 2026-11-26), so the
 * ratio measured autocannon. Every body, the hello-world's too, is counted and dropped instead.
 */
function discardBodies(client: autocannon.Client): void {
  (client as unknown as { pipelinedRequests: { addBody: (data: Buffer) => void } }).pipelinedRequests.addBody = () => {};
}

/** Requests per second of one URL under `connections` keep-alive connections for `seconds`, and the server's CPU per request. */
async function measure(server: ChildProcess, url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Measured> {
  const cpuBefore = cpuMicros(server.pid);
  const loadBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1, setupClient: discardBodies });
  const wallMicros = (performance.now() - started) * 1000;
  const load = process.cpuUsage(loadBefore);
  const cpuAfter = cpuMicros(server.pid);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0 || result.requests.total === 0) throw new Error(`${url}: ${bad} failed requests of ${result.requests.total}`);
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return {
    // Every request over the whole round, rather than the mean of per-second samples (a 2 s round has two, the first with the connections' set-up).
    rps: result.requests.total / (wallMicros / 1e6),
    cpuPerRequest: cpu === null ? null : cpu / result.requests.total,
    busy: cpu === null ? null : cpu / wallMicros,
    loadBusy: (load.user + load.system) / wallMicros,
  };
}

/** Body size of one response: as sent (with gzip accepted) and decoded. */
async function sizes(url: string, headers: Record<string, string>): Promise<{ sent: number; json: number; gzipped: boolean }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: { ...headers, 'accept-encoding': 'gzip' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        const gzipped = res.headers['content-encoding'] === 'gzip';
        resolve({ sent: body.length, json: gzipped ? gunzipSync(body).length : body.length, gzipped });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Pinning on a quiet machine only (under 15 % of all CPUs busy over one second, this process
 * included), unless `BENCH_PIN` is 1 or 0. With other work running, pinned processes cannot move
 * off a core that work lands on: at load 10–11 the pinned servers got 22–32 % of their core and
 * autocannon 15–23 % of its, and the rounds spread wider than with the scheduler free to place them
 * (docs/performance.md). The load average would not do: inside `npm run bench` it still carries the
 * earlier sections' minutes of work when the machine is already idle.
 */
async function pinByDefault(): Promise<boolean> {
  if (process.env.BENCH_PIN === '1') return true;
  if (process.env.BENCH_PIN === '0') return false;
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = cpuTimes();
  return (after.busy - before.busy) / Math.max(1, after.total - before.total) < 0.15;
}

/** All CPUs' busy and total time so far, in the kernel's ticks (os.cpus()). */
function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += all - times.idle;
    total += all;
  }
  return { busy, total };
}

/** "lowest–highest" of a row's rounds. */
const spread = (values: number[], digits = 2) => `${fixed(Math.min(...values), digits)}–${fixed(Math.max(...values), digits)}`;

export async function lightRoutesSection(options: LightRoutesOptions = {}): Promise<BenchSection> {
  const rounds = options.rounds ?? 5;
  const seconds = options.seconds ?? 2;
  const connections = options.connections ?? 16;
  const pinning = pinServerApart(options.pin ?? (await pinByDefault()));
  let hello: Child | undefined;
  let fixture: Fixture | undefined;
  try {
    hello = await startHelloWorld(pinning);
    fixture = await startOrator(options.databaseUrl, 200, pinning);
    const base = fixture.orator.url;
    const gzip = { 'accept-encoding': 'gzip' };
    const as = (apiKey: string) => ({ 'x-api-key': apiKey, ...gzip });
    const cases: { name: string; url: string; headers: Record<string, string>; target: number }[] = [
      { name: 'GET /v2/voices/{built-in id}, 0 custom voices', url: `${base}/v2/voices/${fixture.builtinVoiceId}`, headers: as(fixture.empty.apiKey), target: 0.4 },
      { name: 'GET /v2/voices/{built-in id}, 200 custom voices', url: `${base}/v2/voices/${fixture.builtinVoiceId}`, headers: as(fixture.full.apiKey), target: 0.4 },
      { name: 'GET /v2/voices/{custom id}, 200 custom voices', url: `${base}/v2/voices/${fixture.full.customVoiceId}`, headers: as(fixture.full.apiKey), target: 0.4 },
      { name: 'GET /v1/users/me/subscription, 0 custom voices', url: `${base}/v1/users/me/subscription`, headers: as(fixture.empty.apiKey), target: 0.4 },
      { name: 'GET /v1/users/me/subscription, 200 custom voices', url: `${base}/v1/users/me/subscription`, headers: as(fixture.full.apiKey), target: 0.4 },
      { name: 'GET /v3/voices, 0 custom voices', url: `${base}/v3/voices`, headers: as(fixture.empty.apiKey), target: 0.3 },
      { name: 'GET /v3/voices, 200 custom voices', url: `${base}/v3/voices`, headers: as(fixture.full.apiKey), target: 0.3 },
    ];
    const ratios = cases.map(() => [] as number[]);
    const cpuRatios = cases.map(() => [] as number[]);
    const routeRps = cases.map(() => [] as number[]);
    const routeCpu = cases.map(() => [] as number[]);
    const routeBusy = cases.map(() => [] as number[]);
    const helloRps: number[] = [];
    const helloCpu: number[] = [];
    const helloBusy: number[] = [];
    const helloLoadBusy: number[] = [];
    const routeLoadBusy = cases.map(() => [] as number[]);
    const runHello = () => measure(hello!.child, hello!.url, {}, connections, seconds);
    // Round 0 warms both servers (JIT, caches, heap sizes) at full length and is not counted.
    for (let round = 0; round <= rounds; round++) {
      // Every row between two hello-world runs, and its ratio against their mean: a drift of the
      // machine's load during the pair moves both sides alike.
      let before = await runHello();
      for (let k = 0; k < cases.length; k++) {
        // The rows' order rotates, so none always follows the same one.
        const i = (k + round) % cases.length;
        const measured = await measure(fixture.orator.child, cases[i].url, cases[i].headers, connections, seconds);
        const after = await runHello();
        const pair = [before, after];
        before = after;
        if (round === 0) continue;
        const mean = (pick: (m: Measured) => number | null) => (pair.every((m) => pick(m) !== null) ? (pick(pair[0])! + pick(pair[1])!) / 2 : null);
        const yardstick = { rps: mean((m) => m.rps)!, cpuPerRequest: mean((m) => m.cpuPerRequest), busy: mean((m) => m.busy), loadBusy: mean((m) => m.loadBusy)! };
        helloRps.push(yardstick.rps);
        routeRps[i].push(measured.rps);
        ratios[i].push(measured.rps / yardstick.rps);
        helloLoadBusy.push(yardstick.loadBusy);
        routeLoadBusy[i].push(measured.loadBusy);
        if (yardstick.cpuPerRequest !== null && measured.cpuPerRequest !== null) {
          helloCpu.push(yardstick.cpuPerRequest);
          routeCpu[i].push(measured.cpuPerRequest);
          cpuRatios[i].push(yardstick.cpuPerRequest / measured.cpuPerRequest);
        }
        if (yardstick.busy !== null && measured.busy !== null) {
          helloBusy.push(yardstick.busy);
          routeBusy[i].push(measured.busy);
        }
      }
    }
    const listing = await sizes(`${base}/v3/voices`, { 'x-api-key': fixture.full.apiKey });
    const emptyListing = await sizes(`${base}/v3/voices`, { 'x-api-key': fixture.empty.apiKey });
    const placement = pinning ? `servers on CPU ${pinning.serverCpu}, load generator on ${pinning.loadCpus.join(',')}` : 'not pinned';
    if (options.print ?? false) {
      const cpu = (values: number[]) => (values.length === 0 ? '?' : fixed(median(values), 0));
      const busy = (values: number[]) => (values.length === 0 ? '?' : `${fixed(median(values) * 100, 0)} %`);
      printTable(
        `Light routes against a bare Fastify hello-world (${connections} connections, ${rounds} rounds × ${seconds} s after a warm-up round, ${placement}, ${options.databaseUrl ? 'PostgreSQL' : 'SQLite'}; hello-world median ${fixed(median(helloRps), 0)} req/s, ${cpu(helloCpu)} CPU µs/request, server ${busy(helloBusy)} busy, load generator ${busy(helloLoadBusy)}; machine load ${os.loadavg()[0].toFixed(1)})`,
        ['route', 'req/s', 'ratio', 'spread', 'ratios', 'target', 'CPU µs/req', 'CPU ratio', 'server busy', 'generator busy'],
        cases.map((c, i) => [
          c.name,
          fixed(median(routeRps[i]), 0),
          `${fixed(median(ratios[i]), 2)}×`,
          spread(ratios[i]),
          ratios[i].map((r) => fixed(r, 2)).join(' '),
          `≥ ${c.target}×`,
          cpu(routeCpu[i]),
          cpuRatios[i].length === 0 ? '?' : `${fixed(median(cpuRatios[i]), 2)}×`,
          busy(routeBusy[i]),
          busy(routeLoadBusy[i]),
        ]),
      );
      console.log("ratio: req/s against the hello-world's in the same pair (the target), median of the rounds, spread lowest–highest; CPU ratio: hello-world CPU per request / the route's; busy: CPU time over the round's wall time, of the server and of this process (autocannon); 100 % is one core.");
      printTable('GET /v3/voices body (gzip accepted)', ['account', 'JSON bytes', 'sent bytes', 'gzipped'], [
        ['0 custom voices', emptyListing.json, emptyListing.sent, emptyListing.gzipped ? 'yes' : 'no'],
        ['200 custom voices', listing.json, listing.sent, listing.gzipped ? 'yes' : 'no'],
      ]);
    }
    return {
      title: `Light routes / bare Fastify hello-world (${options.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${placement})`,
      rows: [
        ...cases.map((c, i) => ({ name: c.name, value: `${fixed(median(ratios[i]), 2)}× (${spread(ratios[i])})`, target: `≥ ${c.target}×`, ok: median(ratios[i]) >= c.target })),
        { name: 'GET /v3/voices, 200 custom voices, gzipped', value: listing.gzipped ? `yes (${listing.sent} B)` : `no (${listing.sent} B)`, target: 'yes', ok: listing.gzipped },
      ],
    };
  } finally {
    await fixture?.close();
    hello?.child.kill('SIGTERM');
    pinning?.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await lightRoutesSection({ print: true, databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
  printTable(section.title, ['measure', 'value', 'target', 'ok'], section.rows.map((r) => [r.name, r.value, r.target, r.ok ? 'yes' : 'NO']));
}

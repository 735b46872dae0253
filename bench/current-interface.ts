/**
 * Current-interface benchmark (issue 3): latency percentiles and throughput of GET /v3/voices and
 * POST /v1/text-to-speech (300 characters, WAV) at 1, 2 and 8 concurrent clients, against the
 * engine's own time for the same request in the same run; and the stream's time to first byte for
 * 2,000 characters against the time of the whole synthesis (WAV, MP3, WAV with target_lufs).
 *
 * The server runs in a child process (`orator serve` on a temporary data directory), so the
 * clients here do not share its event loop. Listings are driven twice: by node:http with a
 * keep-alive agent asking for gzip (what the official clients do), and by fetch. fetch (undici)
 * spends more than a millisecond of client CPU per listing response on this machine, so its row
 * measures the client more than the server; both share the machine's two cores with the server.
 * Run: npm run bench:current (npm run build && node dist/bench/current-interface.js)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { Synthesizer } from '../src/synthesis/pipeline/synthesizer.js';
import { SynthesisPool } from '../src/synthesis/pool/synthesis-pool.js';
import { plainSpeechRequest } from './plain-speech.js';
import { fixed, percentile, printTable } from './table.js';
import { english300, englishText } from './texts.js';

const threads = Math.max(1, os.availableParallelism());
const cli = fileURLToPath(new URL('../src/start/cli.js', import.meta.url));

interface Server {
  url: string;
  apiKey: string;
  child: ChildProcess;
  dataDir: string;
}

async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SYNTH_WORKERS: String(threads) };
  const created = JSON.parse(execFileSync(process.execPath, [cli, 'accounts', 'create', '--plan', 'custom', '--json'], { env, encoding: 'utf8' })) as { api_key: string };
  const child = spawn(process.execPath, [cli, 'serve'], { env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      if (i > 200) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, apiKey: created.api_key, child, dataDir };
}

/** Runs `clients` loops of `once` until `total` calls are done (or `seconds` pass); returns each call's ms. */
async function load(clients: number, once: () => Promise<void>, limit: { total?: number; seconds?: number }): Promise<{ times: number[]; wall: number }> {
  const times: number[] = [];
  const start = performance.now();
  let issued = 0;
  const more = () => (limit.total !== undefined ? issued < limit.total : performance.now() - start < limit.seconds! * 1000);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (more()) {
        issued++;
        const t = performance.now();
        await once();
        times.push(performance.now() - t);
      }
    }),
  );
  return { times, wall: performance.now() - start };
}

/** The engine's own path for the same request (pool + synthesizer in this process, no HTTP), warmed up. */
async function openEngine(): Promise<{ once: () => Promise<void>; close: () => Promise<void> }> {
  const pool = new SynthesisPool(threads);
  const synthesizer = new Synthesizer(pool);
  const request = plainSpeechRequest(english300, 'eng-olivia', 'ssfm-v30');
  const once = async () => void (await synthesizer.synthesize(request));
  for (let i = 0; i < 3; i++) await once();
  return { once, close: () => pool.close() };
}

async function main(): Promise<void> {
  console.log(`current interface benchmark: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${threads} synthesis threads, Node ${process.version}`);
  const engine = await openEngine();

  const server = await startServer();
  try {
    const headers = { 'x-api-key': server.apiKey, 'content-type': 'application/json' };
    const voices = (await (await fetch(`${server.url}/v3/voices`, { headers })).json()) as { voice_id: string; voice_name: { eng: string } }[];
    const olivia = voices.find((v) => v.voice_name.eng === 'Olivia')!.voice_id;
    const ttsBody = JSON.stringify({ voice_id: olivia, model: 'ssfm-v30', text: english300, language: 'eng' });

    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const listVoices = () =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(`${server.url}/v3/voices`, { agent, headers: { 'x-api-key': server.apiKey, 'accept-encoding': 'gzip' } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`voices ${res.statusCode}`));
          res.on('data', () => undefined);
          res.on('end', resolve);
          res.on('error', reject);
        });
        request.on('error', reject);
      });
    const listVoicesFetch = async () => {
      const res = await fetch(`${server.url}/v3/voices`, { headers });
      if (res.status !== 200) throw new Error(`voices ${res.status}`);
      await res.arrayBuffer();
    };
    const gzipped = await new Promise<Buffer>((resolve, reject) =>
      http.get(`${server.url}/v3/voices`, { headers: { 'x-api-key': server.apiKey, 'accept-encoding': 'gzip' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
      }),
    );
    const listed = JSON.parse(gunzipSync(gzipped).toString()) as unknown[];
    console.log(`GET /v3/voices: ${listed.length} voices, ${gunzipSync(gzipped).length} bytes of JSON, ${gzipped.length} gzipped`);
    const speak = async () => {
      const res = await fetch(`${server.url}/v1/text-to-speech`, { method: 'POST', headers, body: ttsBody });
      if (res.status !== 200) throw new Error(`tts ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    await load(4, listVoices, { seconds: 1 });
    await load(threads, speak, { total: threads * 3 });

    const rows: (string | number)[][] = [];
    for (const clients of [1, 2, 8]) {
      const { times, wall } = await load(clients, listVoices, { seconds: 3 });
      rows.push(['GET /v3/voices (node:http, gzip)', clients, times.length, fixed(percentile(times, 50), 2), fixed(percentile(times, 95), 2), fixed((times.length / wall) * 1000, 0), '']);
    }
    for (const clients of [1, 8]) {
      const { times, wall } = await load(clients, listVoicesFetch, { seconds: 2 });
      rows.push(['GET /v3/voices (fetch)', clients, times.length, fixed(percentile(times, 50), 2), fixed(percentile(times, 95), 2), fixed((times.length / wall) * 1000, 0), '']);
    }
    // The yardstick: the engine alone and the server, one request each in turn, so both see the
    // same machine (other work on it moves both alike).
    const engineTimes: number[] = [];
    const serverTimes: number[] = [];
    const pairedStart = performance.now();
    for (let i = 0; i < 12; i++) {
      let t = performance.now();
      await engine.once();
      engineTimes.push(performance.now() - t);
      t = performance.now();
      await speak();
      serverTimes.push(performance.now() - t);
    }
    const pairedWall = performance.now() - pairedStart;
    const engineP50 = percentile(engineTimes, 50);
    const serverP50 = percentile(serverTimes, 50);
    rows.push(['POST /v1/text-to-speech (300 chars, wav)', 1, serverTimes.length, fixed(serverP50, 0), fixed(percentile(serverTimes, 95), 0), fixed((serverTimes.length / (pairedWall - engineTimes.reduce((a, b) => a + b, 0))) * 1000, 2), fixed(serverP50 / engineP50, 2)]);
    for (const clients of [2, 8]) {
      const { times, wall } = await load(clients, speak, { total: clients * 4 });
      const p50 = percentile(times, 50);
      rows.push(['POST /v1/text-to-speech (300 chars, wav)', clients, times.length, fixed(p50, 0), fixed(percentile(times, 95), 0), fixed((times.length / wall) * 1000, 2), fixed(p50 / engineP50, 2)]);
    }
    rows.push(['engine alone (same request, same run)', 1, engineTimes.length, fixed(engineP50, 0), fixed(percentile(engineTimes, 95), 0), fixed(1000 / engineP50, 2), '1.00']);
    await engine.close();
    printTable('Current interface: latency (ms) and throughput', ['request', 'clients', 'n', 'p50', 'p95', 'req/s', 'p50 / engine p50'], rows);

    // Streams: WAV (PCM converted on the event loop), MP3 and WAV with target_lufs (sentences
    // encoded and levelled in the pool), each against the file answer of the same request.
    const long = englishText(2000);
    const streamRows: (string | number)[][] = [];
    const m = (v: number[]) => percentile(v, 50);
    const variants: [string, Record<string, unknown>][] = [
      ['wav', { audio_format: 'wav' }],
      ['mp3', { audio_format: 'mp3' }],
      ['wav, target_lufs -16', { audio_format: 'wav', target_lufs: -16 }],
    ];
    for (const [name, output] of variants) {
      const ttfb: number[] = [];
      const streamTotal: number[] = [];
      const whole: number[] = [];
      const body = JSON.stringify({ voice_id: olivia, model: 'ssfm-v30', text: long, language: 'eng', output });
      for (let i = 0; i < 3; i++) {
        let t = performance.now();
        const res = await fetch(`${server.url}/v1/text-to-speech/stream`, { method: 'POST', headers, body });
        if (res.status !== 200) throw new Error(`stream ${res.status}: ${await res.text()}`);
        const reader = res.body!.getReader();
        let first = 0;
        for (;;) {
          const { done } = await reader.read();
          if (!first) first = performance.now() - t;
          if (done) break;
        }
        ttfb.push(first);
        streamTotal.push(performance.now() - t);
        t = performance.now();
        const full = await fetch(`${server.url}/v1/text-to-speech`, { method: 'POST', headers, body });
        await full.arrayBuffer();
        whole.push(performance.now() - t);
      }
      streamRows.push([name, long.length, fixed(m(ttfb), 0), fixed(m(streamTotal), 0), fixed(m(whole), 0), fixed(m(ttfb) / m(whole), 3)]);
    }
    printTable('Stream: time to first byte vs the whole synthesis (median of 3, ms)', ['output', 'chars', 'stream TTFB', 'stream total', 'POST /v1/text-to-speech', 'TTFB / whole'], streamRows);
    agent.destroy();
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();

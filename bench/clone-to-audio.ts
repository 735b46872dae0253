/**
 * `npm run bench -- clone-to-audio` (also part of `start`): the README's path from nothing to the
 * first audio, timed step by step as a new user meets it: `git clone` of this checkout's current
 * commit into an empty folder, the README's `npm ci && npm run build && npm start` (PORT set to a
 * free port, the data in the clone's ./data as the README says), a key made with the CLI as the
 * README says (`npx orator accounts create …`; if that fails, with `node dist/src/start/cli.js`,
 * and the row says so), and the first `POST /v1/text-to-speech`, decoded. The request is sent as
 * soon as the server listens, as a user would: it is served while the server warms up.
 * Network: the npm registry only (npm ci), as the README's path needs.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { findVoiceByAnyName } from '../src/synthesis/catalog/find-voice.js';
import { decodeAudio } from '../src/synthesis/decoders/decode-audio.js';
import { type BenchSection } from './sections.js';

const run = promisify(execFile);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function cloneToAudioSection(): Promise<BenchSection> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'orator-bench-clone-'));
  const clone = path.join(folder, 'orator');
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const steps: [string, number][] = [];
  const started = performance.now();
  let mark = started;
  const step = (name: string) => {
    const now = performance.now();
    steps.push([name, now - mark]);
    mark = now;
  };
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'info' };
  delete env.DATA_DIR;
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await run('git', ['clone', '--quiet', '--no-checkout', root, clone]);
    await run('git', ['checkout', '--quiet', '--detach', commit], { cwd: clone });
    step('clone');
    const sh = (command: string) => run('sh', ['-c', command], { cwd: clone, env, maxBuffer: 64 * 1024 * 1024 });
    await sh('npm ci');
    step('npm ci');
    await sh('npm run build');
    step('build');
    server = spawn('npm', ['start'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const look = (chunk: Buffer) => {
        output += chunk;
        if (/listening on /.test(output)) resolve();
      };
      server!.stdout!.on('data', look);
      server!.stderr!.on('data', look);
      server!.once('exit', (code) => reject(new Error(`npm start exited ${code}: ${output.slice(-500)}`)));
    });
    step('npm start → listening');
    let keyBy = 'npx orator';
    let account: { api_key: string };
    try {
      account = JSON.parse((await sh('npx --no-install orator accounts create --plan free --json')).stdout);
    } catch {
      keyBy = 'node dist/src/start/cli.js (npx orator failed)';
      account = JSON.parse((await sh('node dist/src/start/cli.js accounts create --plan free --json')).stdout);
    }
    step('key');
    const voice = findVoiceByAnyName('eng-olivia')!;
    const response = await fetch(`http://127.0.0.1:${port}/v1/text-to-speech`, {
      method: 'POST',
      headers: { 'x-api-key': account.api_key, 'content-type': 'application/json' },
      body: JSON.stringify({ voice_id: `tc_${voice.id}`, model: 'ssfm-v21', text: 'Hello from a fresh clone of Orator.', output: { audio_format: 'wav' } }),
    });
    if (response.status !== 200) throw new Error(`text-to-speech answered ${response.status}: ${await response.text()}`);
    const pcm = await decodeAudio(new Uint8Array(await response.arrayBuffer()));
    if (pcm.samples.length / pcm.sampleRate < 0.5) throw new Error('the first audio is shorter than half a second');
    step('first audio');
    const total = performance.now() - started;
    return {
      title: `The README's path, clone to first audio (commit ${commit.slice(0, 10)}): git clone, npm ci && npm run build && npm start, a key, POST /v1/text-to-speech decoded`,
      rows: [{ name: `clone → first audio (key made with ${keyBy})`, value: seconds(total), target: '—', ok: true, detail: steps.map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ') }],
    };
  } finally {
    // npm start's process group: npm and the server under it.
    if (server?.pid) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      if (server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

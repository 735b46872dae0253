import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { findVoiceByAnyName } from '../../src/synthesis/catalog/find-voice.js';
import { decodeAudio } from '../../src/synthesis/decoders/decode-audio.js';
import { freePort } from './child-server.js';
import { heldSynthesis } from './held-synthesis.js';
import { cliPath } from './run-cli.js';

const run = promisify(execFile);
const olivia = findVoiceByAnyName('eng-olivia')!;

/**
 * `orator serve` as a real process, listening before it warms up (serve.ts). What is proved here
 * needs no clock: the order of events a process shows (its output, its exit, the files it made).
 * That the listening line comes within a second is measured by `npm run bench -- start`.
 */
describe('orator serve as a process: listening before the warm-up', () => {
  let dir: string;
  let busy: net.Server;
  let busyPort: number;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-serve-start-'));
    busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as net.AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => busy.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  const refusals = [
    { name: 'a port in use', args: () => ['--port', String(busyPort)], line: /^orator: port \d+ on 127\.0\.0\.1 is already in use/ },
    { name: 'a host that does not resolve', args: () => ['--host', 'no-such-host.invalid'], line: /^orator: HOST "no-such-host\.invalid" does not resolve/ },
  ];
  for (const refusal of refusals) {
    it(`refuses ${refusal.name} with one line before opening anything: no listening line, no DATA_DIR made, no warm-up`, async () => {
      const dataDir = path.join(dir, `refused-${refusal.args()[0].slice(2)}`);
      const child = spawn(process.execPath, [cliPath, 'serve', ...refusal.args()], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'info', SYNTH_WORKERS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
      assert.equal(code, 1);
      const lines = stderr.trim().split('\n');
      assert.equal(lines.length, 1, stderr);
      assert.match(lines[0], refusal.line);
      assert.equal(stdout, '', 'nothing logged: no listening line, no warm-up');
      // The database lives in DATA_DIR and the services open only after it is made: nothing was opened.
      assert.equal(existsSync(dataDir), false, 'DATA_DIR was not even made');
    });
  }

  it('on SIGTERM right after the listening line (still opening or warming up) serves the request that arrived, and exits 0', async () => {
    const dataDir = path.join(dir, 'sigterm');
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', SYNTH_WORKERS: '1' };
    const account = JSON.parse((await run(process.execPath, [cliPath, 'accounts', 'create', '--plan', 'custom', '--json'], { env: { ...env, LOG_LEVEL: 'silent' } })).stdout) as { api_key: string };
    const port = await freePort();
    const child = spawn(process.execPath, [cliPath, 'serve', '--port', String(port)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const waiters: Array<() => void> = [];
    const collect = (chunk: Buffer) => {
      output += chunk;
      for (const wake of waiters.splice(0)) wake();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    while (!/Orator listening on /.test(output)) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output}`);
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);

    // A synthesis whose headers the server has (100 Continue) but whose body comes only after SIGTERM.
    const held = heldSynthesis(port, account.api_key, { voice_id: `tc_${olivia.id}`, model: 'ssfm-v21', text: 'This request arrived while the node was starting, and it still ends with its audio.', output: { audio_format: 'wav' } });
    await held.continued;
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      const look = () => (/SIGTERM: draining/.test(output) ? resolve() : waiters.push(look));
      look();
    });
    held.send();
    const answered = await held.response.catch((error: Error) => {
      throw new Error(`${error.message}; the server said:\n${output}`);
    });
    assert.equal(answered.status, 200, answered.bytes.toString());
    const pcm = await decodeAudio(new Uint8Array(answered.bytes));
    assert.ok(pcm.samples.length / pcm.sampleRate > 1, 'a sentence of speech');
    assert.equal(await exited, 0, output);
    assert.doesNotMatch(output, /"level":(50|60)/, 'no error logged');
  });
});

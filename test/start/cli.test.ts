import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodeMp3 } from '../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../src/synthesis/decoders/wav.js';
import { rms } from '../../src/synthesis/analysis/rms.js';
import { freePort, startChildServer } from './child-server.js';
import { runCli } from './run-cli.js';

describe('orator CLI', () => {
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-cli-'));
    env = { DATA_DIR: path.join(dir, 'data'), SYNTH_WORKERS: '2' };
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('creates an account with strong credentials that a later process finds again', async () => {
    const created = await runCli(['accounts', 'create', '--plan', 'lite', '--email', 'ada@example.com', '--json'], env);
    assert.equal(created.code, 0, created.stderr);
    const account = JSON.parse(created.stdout);
    assert.match(account.uid, /^[0-9a-f]{24}$/);
    // 32 random bytes in base64url are 43 characters.
    assert.ok(account.api_key.length >= 43 && account.api_token.length >= 43);
    assert.notEqual(account.api_key, account.api_token);
    const listed = await runCli(['accounts', 'list', '--json'], env);
    assert.equal(listed.code, 0, listed.stderr);
    const accounts = JSON.parse(listed.stdout);
    const found = accounts.find((a: { uid: string }) => a.uid === account.uid);
    assert.equal(found.plan, 'lite');
    assert.equal(found.email, 'ada@example.com');
    assert.ok(!listed.stdout.includes(account.api_key), 'the key is shown only at creation');
  });

  it('shows and changes plan settings', async () => {
    const set = await runCli(['plans', 'set', 'free', 'concurrency_limit', '3', '--json'], env);
    assert.equal(set.code, 0, set.stderr);
    const plans = JSON.parse((await runCli(['plans', '--json'], env)).stdout);
    assert.equal(plans.find((p: { name: string }) => p.name === 'free').concurrencyLimit, 3);
    const bad = await runCli(['plans', 'set', 'free', 'concurrency_limit', 'many'], env);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /whole number/);
  });

  it('shows and rotates a webhook secret', async () => {
    const { uid } = JSON.parse((await runCli(['accounts', 'create', '--plan', 'free', '--json'], env)).stdout);
    const first = JSON.parse((await runCli(['accounts', 'webhook-secret', uid, '--json'], env)).stdout);
    const again = JSON.parse((await runCli(['accounts', 'webhook-secret', uid, '--json'], env)).stdout);
    const rotated = JSON.parse((await runCli(['accounts', 'webhook-secret', uid, '--rotate', '--json'], env)).stdout);
    assert.match(first.webhook_secret, /^whsec_/);
    assert.equal(again.webhook_secret, first.webhook_secret);
    assert.notEqual(rotated.webhook_secret, first.webhook_secret);
  });

  it('says a text to WAV and MP3 files that decode to real speech', async () => {
    const wavPath = path.join(dir, 'hello.wav');
    const wav = await runCli(['say', 'Hello from the command line. It works offline.', '--voice', 'eng-james', '--out', wavPath], env);
    assert.equal(wav.code, 0, wav.stderr);
    const pcm = decodeWav(await readFile(wavPath));
    assert.equal(pcm.sampleRate, 44100);
    assert.ok(pcm.samples.length / pcm.sampleRate > 1.5);
    assert.ok(rms(pcm) > 0.01);
    // The extension picks the format; --format wins over it.
    const mp3Path = path.join(dir, 'hola.mp3');
    const mp3 = await runCli(['say', '--voice', 'spa-lucia', '--out', mp3Path, 'Hola, ¿cómo estás?'], env);
    assert.equal(mp3.code, 0, mp3.stderr);
    const decoded = await decodeMp3(await readFile(mp3Path));
    assert.ok(decoded.samples.length / decoded.sampleRate > 0.5);
    const forced = path.join(dir, 'forced.audio');
    const wavAnyway = await runCli(['say', 'Hi there.', '--format', 'wav', '--out', forced], env);
    assert.equal(wavAnyway.code, 0, wavAnyway.stderr);
    assert.equal((await readFile(forced)).subarray(0, 4).toString('latin1'), 'RIFF');
    const unknownExtension = await runCli(['say', 'Hi.', '--out', path.join(dir, 'x.ogg')], env);
    assert.equal(unknownExtension.code, 2);
    assert.match(unknownExtension.stderr, /cannot tell the format from/);
  });

  it('answers --help for every command, and refuses unknown flags and missing values in one line with the usage', async () => {
    const help = await runCli(['--help'], env);
    assert.equal(help.code, 0);
    const names = [...help.stdout.matchAll(/^  ([a-z-]+) /gm)].map((m) => m[1]);
    assert.ok(names.length >= 6 && names.includes('serve') && names.includes('doctor'), help.stdout);
    for (const name of names) {
      const own = await runCli([name, '--help'], { ...env, PORT: 'not read for help' });
      assert.equal(own.code, 0, `${name}: ${own.stderr}`);
      assert.match(own.stdout, new RegExp(`^usage: orator ${name}`), name);
      const unknown = await runCli([name, '--no-such-flag'], env);
      assert.equal(unknown.code, 2, name);
      const [first, ...rest] = unknown.stderr.trim().split('\n');
      assert.match(first, /^orator: .*unknown option --no-such-flag$/, name);
      assert.match(rest.join('\n'), new RegExp(`usage: orator ${name}`), name);
    }
    const missing = await runCli(['say', 'hello', '--out'], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr.split('\n')[0], /^orator: say: option --out needs a value$/);
    const stray = await runCli(['voices', 'extra'], env);
    assert.equal(stray.code, 2);
    assert.match(stray.stderr, /unexpected argument/);
  });

  it('serve takes --port and --host, and refuses a bad one in one line', async () => {
    const port = await freePort();
    // PORT says otherwise: the server answers on --port only if the flag wins.
    const child = await startChildServer({ PORT: String(await freePort()), DATA_DIR: path.join(dir, 'served') }, [], ['--port', String(port), '--host', '127.0.0.1']);
    child.kill('SIGKILL');
    const badPort = await runCli(['serve', '--port', 'eighty'], env);
    assert.equal(badPort.code, 2);
    assert.equal(badPort.stderr.trim(), 'orator: PORT must be an integer from 0 to 65535, got "eighty"');
  });

  it('answers wrong usage and bad configuration with exit code 2 and a message', async () => {
    const unknown = await runCli(['frobnicate'], env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command/);
    const noVoice = await runCli(['say', 'hi', '--voice', 'nobody', '--out', path.join(dir, 'x.wav')], env);
    assert.equal(noVoice.code, 2);
    assert.match(noVoice.stderr, /unknown voice/);
    const badPort = await runCli(['accounts', 'list'], { ...env, PORT: 'eighty' });
    assert.equal(badPort.code, 2);
    assert.match(badPort.stderr, /PORT/);
  });
});

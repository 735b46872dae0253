import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePort } from './child-server.js';
import { runCli } from './run-cli.js';

type Report = { ok: boolean; checks: { name: string; status: string; detail: string; fix?: string }[] };

const check = (run: { stdout: string; stderr: string }, name: string) => {
  let report: Report;
  try {
    report = JSON.parse(run.stdout) as Report;
  } catch {
    throw new Error(`doctor printed no report: ${run.stdout} ${(run as { stderr?: string }).stderr ?? ''}`);
  }
  const found = report.checks.filter((c) => c.name === name);
  assert.ok(found.length > 0, `a ${name} check`);
  return found;
};

describe('orator doctor: port, models, secret key, nodes', () => {
  let dir: string;
  let busy: net.Server;
  let busyPort: number;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'orator-doctor-node-'));
    busy = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as net.AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => busy.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('a fresh setup: port free, no models folder, no key yet, no node running', async () => {
    const port = await freePort();
    const run = await runCli(['doctor', '--json'], { DATA_DIR: path.join(dir, 'fresh'), PORT: String(port) });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.equal(check(run, 'port')[0].detail, `port ${port} on 127.0.0.1 is free to bind`);
    assert.match(check(run, 'models')[0].detail, /no models folder .*only the built-in voices/);
    assert.match(check(run, 'secret key')[0].detail, /no key yet: .*secret\.key is made \(mode 0600\) on the first start/);
    const nodes = check(run, 'nodes')[0];
    assert.ok(['ok', 'skip'].includes(nodes.status), JSON.stringify(nodes));
  });

  it('a port in use, a model that does not load, another key: each fails with how to fix it; the nodes it sees are listed', async () => {
    const dataDir = path.join(dir, 'used');
    const key = randomBytes(32).toString('base64');
    const made = await runCli(['accounts', 'create', '--plan', 'free', '--json'], { DATA_DIR: dataDir, ORATOR_SECRET_KEY: key });
    assert.equal(made.code, 0, made.stderr);
    const same = await runCli(['doctor', '--json'], { DATA_DIR: dataDir, ORATOR_SECRET_KEY: key, PORT: String(busyPort) });
    assert.match(check(same, 'secret key')[0].detail, /^fingerprint [0-9a-f]{16} matches the key this database was set up with$/);
    const port = check(same, 'port')[0];
    assert.equal(port.status, 'fail');
    assert.match(port.detail, new RegExp(`^port ${busyPort} on 127\\.0\\.0\\.1 is already in use`));
    assert.equal(check(same, 'nodes')[0].detail, 'no node runs on this database now');

    const models = path.join(dataDir, 'models');
    await mkdir(models, { recursive: true });
    await writeFile(path.join(models, 'en_US-fake-low.onnx'), randomBytes(4096));
    await writeFile(path.join(models, 'en_US-fake-low.onnx.json'), JSON.stringify({ audio: { sample_rate: 22050 }, espeak: { voice: 'en-us' }, language: { code: 'en_US' }, num_speakers: 1, phoneme_id_map: { _: [0] } }));
    const other = await runCli(['doctor', '--json'], { DATA_DIR: dataDir, ORATOR_SECRET_KEY: randomBytes(32).toString('base64'), PORT: '0' });
    assert.equal(other.code, 1);
    const [model] = check(other, 'models');
    assert.equal(model.status, 'fail', JSON.stringify(model));
    assert.match(model.detail, /^en_US-fake-low in .*models does not load: /);
    const wrongKey = check(other, 'secret key')[0];
    assert.equal(wrongKey.status, 'fail');
    assert.match(wrongKey.detail, /is not the key this database was set up with .*serve would refuse to start/);
    assert.match(wrongKey.fix!, /same ORATOR_SECRET_KEY/);
  });
});

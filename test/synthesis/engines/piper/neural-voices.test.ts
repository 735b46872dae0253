import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { decodeMp3 } from '../../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../../src/synthesis/decoders/wav.js';
import { voiceIdFromSlug } from '../../../../src/synthesis/catalog/builtin-voices.js';
import { startTestServer, type TestServer } from '../../../http/test-server.js';
import { assertWordTimestamps, type TimestampsAnswer } from '../word-timestamps.js';
import { tempModelsDir, writeTinyVoice } from './tiny-voice.js';

const run = promisify(execFile);
const half = (file: string) => readFileSync(file).length >> 1;
const cli = path.resolve('dist/src/start/cli.js');

/** Serves a directory over loopback with Range support; the first GET of a `.onnx` is cut off half-way, to prove the resume. */
async function serveFiles(dir: string): Promise<{ url: string; ranges: string[]; close(): Promise<void> }> {
  const ranges: string[] = [];
  const cut = new Set<string>();
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url!, 'http://x').pathname));
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (range) {
      ranges.push(`${path.basename(file)} ${req.headers.range}`);
      const from = Number(range[1]);
      res.writeHead(206, { 'content-length': body.length - from, 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` }).end(body.subarray(from));
      return;
    }
    if (file.endsWith('.onnx') && !cut.has(file)) {
      cut.add(file);
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, body.length >> 1), () => res.destroy());
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ranges, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('neural voices installed with `orator models` into a running server', () => {
  const published = tempModelsDir();
  const models = tempModelsDir();
  let files: Awaited<ReturnType<typeof serveFiles>>;
  let server: TestServer;
  let key: string;
  const name = 'en_US-tiny-x_low';
  const alpha = `tc_${voiceIdFromSlug(`piper:${name}:alpha`)}`;
  const beta = `tc_${voiceIdFromSlug(`piper:${name}:beta`)}`;
  const env = () => ({ ...process.env, MODELS_DIR: models.dir, DATA_DIR: server.dataDir });
  const speak = (route: string, body: Record<string, unknown>) =>
    fetch(`${server.url}${route}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'ssfm-v30', voice_id: alpha, text: 'Hello there. How are you today?', ...body }) });
  const voiceIds = async () => ((await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': key } })).json()) as { voice_id: string }[]).map((v) => v.voice_id);

  before(async () => {
    const onnx = writeTinyVoice(published.dir, name, { multiSpeaker: true });
    // Piper's voices.json format: paths relative to the index, size and MD5 of each file.
    const md5 = createHash('md5').update(readFileSync(onnx)).digest('hex');
    const index = { [name]: { key: name, name: 'tiny', language: { code: 'en_US' }, quality: 'x_low', num_speakers: 2, files: { [`${name}.onnx`]: { size_bytes: readFileSync(onnx).length, md5_digest: md5 }, [`${name}.onnx.json`]: { size_bytes: 1, md5_digest: '' } } } };
    writeFileSync(path.join(published.dir, 'voices.json'), JSON.stringify(index));
    files = await serveFiles(published.dir);
    server = await startTestServer({ startQueue: false, env: { MODELS_DIR: models.dir } });
    key = (await server.createAccount('custom')).apiKey;
    assert.ok(!(await voiceIds()).includes(alpha));
    const url = `${files.url}/${name}.onnx`;
    const sha256 = createHash('sha256').update(readFileSync(onnx)).digest('hex');
    // The first download is cut off half-way: the install fails and keeps the part…
    await assert.rejects(run(process.execPath, [cli, 'models', 'install', url, '--sha256', sha256], { env: env() }));
    // …and the next resumes the part with a Range request, verifies it and installs it. (How much of
    // the cut response reached the disk depends on timing, so the part is set to exactly half first.)
    mkdirSync(path.join(models.dir, '.partial'), { recursive: true });
    writeFileSync(path.join(models.dir, '.partial', `${name}.onnx`), readFileSync(onnx).subarray(0, half(onnx)));
    const { stdout } = await run(process.execPath, [cli, 'models', 'install', url, '--sha256', sha256], { env: env() });
    assert.match(stdout, new RegExp(`installed ${name}: 2 voice\\(s\\)`));
  });
  after(async () => {
    await server?.close();
    await files?.close();
    published.remove();
    models.remove();
  });

  it('resumed the download and listed both speakers in /v3/voices without a restart', async () => {
    assert.deepEqual(files.ranges, [`${name}.onnx bytes=${half(path.join(published.dir, `${name}.onnx`))}-`]);
    const ids = await voiceIds();
    assert.ok(ids.includes(alpha) && ids.includes(beta));
    const { stdout } = await run(process.execPath, [cli, 'models', 'list', '--json'], { env: env() });
    const [listed] = JSON.parse(stdout) as { name: string; language: string; speakers: number; state: string }[];
    assert.deepEqual([listed.name, listed.language, listed.speakers, listed.state], [name, 'eng', 2, 'ready']);
  });

  it('speaks WAV and MP3 through /v1/text-to-speech at the requested rate; the speakers differ', async () => {
    const wav = await speak('/v1/text-to-speech', { output: { audio_format: 'wav' } });
    assert.equal(wav.status, 200, await wav.clone().text());
    const a = decodeWav(new Uint8Array(await wav.arrayBuffer()));
    assert.ok(a.samples.length / a.sampleRate > 0.5);
    const other = await speak('/v1/text-to-speech', { voice_id: beta, output: { audio_format: 'wav' } });
    const b = decodeWav(new Uint8Array(await other.arrayBuffer()));
    assert.notDeepEqual(Buffer.from(a.samples.buffer), Buffer.from(b.samples.buffer));
    const mp3 = await speak('/v1/text-to-speech', { output: { audio_format: 'mp3' } });
    assert.equal(mp3.headers.get('content-type'), 'audio/mp3');
    const decoded = await decodeMp3(new Uint8Array(await mp3.arrayBuffer()));
    assert.ok(Math.abs(decoded.samples.length / decoded.sampleRate - a.samples.length / a.sampleRate) < 0.1);
  });

  it('gives word timestamps ordered and within the audio', async () => {
    const res = await speak('/v1/text-to-speech/with-timestamps', {});
    assert.equal(res.status, 200, await res.clone().text());
    assertWordTimestamps((await res.json()) as TimestampsAnswer, ['Hello', 'there.', 'How', 'are', 'you', 'today?']);
  });

  it('streams sentence by sentence', async () => {
    const res = await speak('/v1/text-to-speech/stream', { output: { audio_format: 'wav' } });
    assert.equal(res.status, 200, await res.clone().text());
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.ok(bytes.length > 44 + 16000);
  });

  it('ssfm-v21 does not reach neural voices; another language is read by eSpeak', async () => {
    const old = await speak('/v1/text-to-speech', { model: 'ssfm-v21' });
    assert.ok(old.status >= 400 && old.status < 500, `status ${old.status}`);
    const german = await speak('/v1/text-to-speech', { text: 'Guten Morgen, wie geht es dir?', language: 'deu' });
    assert.equal(german.status, 200, await german.clone().text());
    assert.equal(decodeWav(new Uint8Array(await german.arrayBuffer())).sampleRate, 44100);
  });

  it("each speaker's preview decodes and is that speaker (180 Hz alpha, 250 Hz beta)", async () => {
    const listed = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': key } })).json()) as { voice_id: string; preview_url: string }[];
    for (const [id, hz] of [[alpha, 180], [beta, 250]] as const) {
      const url = listed.find((v) => v.voice_id === id)!.preview_url;
      assert.ok(url.endsWith(`/previews/${id}.mp3`), url);
      const res = await fetch(url);
      assert.equal(res.status, 200);
      const preview = await decodeMp3(new Uint8Array(await res.arrayBuffer()));
      assert.ok(preview.samples.length / preview.sampleRate > 1);
      let crossings = 0;
      let voiced = 0;
      for (let i = 1; i < preview.samples.length; i++) {
        if (Math.abs(preview.samples[i]) < 1e-3 && Math.abs(preview.samples[i - 1]) < 1e-3) continue;
        voiced++;
        if (preview.samples[i - 1] < 0 !== preview.samples[i] < 0) crossings++;
      }
      const measured = crossings / 2 / (voiced / preview.sampleRate);
      assert.ok(Math.abs(measured - hz) < hz * 0.1, `${id} preview at ${measured} Hz, expected ${hz}`);
    }
  });

  it('`orator models remove` takes the voices out of the catalog at once', async () => {
    await run(process.execPath, [cli, 'models', 'remove', name], { env: env() });
    const ids = await voiceIds();
    assert.ok(!ids.includes(alpha) && !ids.includes(beta));
    const gone = await speak('/v1/text-to-speech', {});
    assert.equal(gone.status, 404);
  });

  it('`orator models index` browses a voices.json; `install KEY --index` installs from it, MD5 checked', async () => {
    const { stdout: listing } = await run(process.execPath, [cli, 'models', 'index', `${files.url}/voices.json`, '--language', 'en'], { env: env() });
    assert.match(listing, new RegExp(`^${name}\\s+en_US\\s+x_low\\s+2 spk`));
    await run(process.execPath, [cli, 'models', 'install', name, '--index', `${files.url}/voices.json`], { env: env() });
    assert.ok((await voiceIds()).includes(alpha));
  });
});

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { voiceIdFromSlug } from '../../../../src/synthesis/catalog/builtin-voices.js';
import { decodeMp3 } from '../../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../../src/synthesis/decoders/wav.js';
import { startTestServer, type TestServer } from '../../../http/test-server.js';
import { assertWordTimestamps, type TimestampsAnswer } from '../word-timestamps.js';
import { ffmpegSeconds } from '../../ffmpeg-decode.js';
import { tempModelsDir } from '../piper/tiny-voice.js';
import { writeTinyKokoro } from './tiny-kokoro.js';

const run = promisify(execFile);
const cli = path.resolve('dist/src/start/cli.js');

/** Zero crossings per second / 2: the tiny voices are clean sines (150 Hz af_tiny, 250 Hz bm_tiny). */
function zeroCrossingHz(samples: Float32Array, sampleRate: number): number {
  let crossings = 0;
  let voiced = 0;
  for (let i = 1; i < samples.length; i++) {
    if (Math.abs(samples[i]) < 1e-3 && Math.abs(samples[i - 1]) < 1e-3) continue;
    voiced++;
    if (samples[i - 1] < 0 !== samples[i] < 0) crossings++;
  }
  return crossings / 2 / (voiced / sampleRate);
}

describe('Kokoro voices installed from a loopback URL into a running server', () => {
  const published = tempModelsDir();
  const models = tempModelsDir();
  let files: http.Server;
  let filesUrl: string;
  let server: TestServer;
  let key: string;
  const name = 'kokoro-tiny';
  const af = `tc_${voiceIdFromSlug(`kokoro:${name}:af_tiny`)}`;
  const bm = `tc_${voiceIdFromSlug(`kokoro:${name}:bm_tiny`)}`;
  const env = () => ({ ...process.env, MODELS_DIR: models.dir, DATA_DIR: server.dataDir });
  const speak = (route: string, body: Record<string, unknown>) =>
    fetch(`${server.url}${route}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ model: 'ssfm-v30', voice_id: af, text: 'Hello there. How are you today?', ...body }) });
  const voices = async () => (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': key } })).json()) as { voice_id: string; preview_url: string | null; gender: string; language?: string }[];

  before(async () => {
    writeTinyKokoro(published.dir, name);
    files = http.createServer((req, res) => {
      try {
        const body = readFileSync(path.join(published.dir, decodeURIComponent(new URL(req.url!, 'http://x').pathname)));
        res.writeHead(200, { 'content-length': body.length }).end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    server = await startTestServer({ startQueue: false, env: { MODELS_DIR: models.dir } });
    key = (await server.createAccount('custom')).apiKey;
    assert.ok(!(await voices()).some((v) => v.voice_id === af));
    const { stdout } = await run(process.execPath, [cli, 'models', 'install', `${filesUrl}/${name}.onnx`, '--voices', `${filesUrl}/voices-${name}.bin`], { env: env() });
    assert.match(stdout, new RegExp(`installed ${name}: 3 voice\\(s\\)`));
  });
  after(async () => {
    await server?.close();
    await new Promise((resolve) => files?.close(resolve));
    published.remove();
    models.remove();
  });

  it('lists every voice of the pack in /v3/voices at once, and in `orator models list`', async () => {
    const listed = await voices();
    assert.ok(listed.some((v) => v.voice_id === af) && listed.some((v) => v.voice_id === bm));
    const { stdout } = await run(process.execPath, [cli, 'models', 'list', '--json'], { env: env() });
    const [row] = JSON.parse(stdout) as { name: string; engine: string; speakers: number; language: string; state: string }[];
    assert.deepEqual([row.name, row.engine, row.speakers, row.language, row.state], [name, 'kokoro', 3, 'eng,spa', 'ready']);
  });

  it('speaks WAV, MP3 and the other formats through /v1/text-to-speech; the voices differ', async () => {
    const wav = await speak('/v1/text-to-speech', { output: { audio_format: 'wav' } });
    assert.equal(wav.status, 200, await wav.clone().text());
    const a = decodeWav(new Uint8Array(await wav.arrayBuffer()));
    const b = decodeWav(new Uint8Array(await (await speak('/v1/text-to-speech', { voice_id: bm, output: { audio_format: 'wav' } })).arrayBuffer()));
    assert.ok(Math.abs(zeroCrossingHz(a.samples, a.sampleRate) - 150) < 15, `af_tiny at ${zeroCrossingHz(a.samples, a.sampleRate)} Hz`);
    assert.ok(Math.abs(zeroCrossingHz(b.samples, b.sampleRate) - 250) < 20, `bm_tiny at ${zeroCrossingHz(b.samples, b.sampleRate)} Hz`);
    const mp3 = await speak('/v1/text-to-speech', { output: { audio_format: 'mp3' } });
    assert.equal(mp3.headers.get('content-type'), 'audio/mp3');
    const decoded = await decodeMp3(new Uint8Array(await mp3.arrayBuffer()));
    assert.ok(Math.abs(decoded.samples.length / decoded.sampleRate - a.samples.length / a.sampleRate) < 0.1);
  });

  it('speaks every format of the OpenAI route (/v1/audio/speech), each as long as the others', async () => {
    const wav = decodeWav(new Uint8Array(await (await speak('/v1/text-to-speech', { output: { audio_format: 'wav' } })).arrayBuffer()));
    const v1Seconds = wav.samples.length / wav.sampleRate;
    let expected = 0;
    for (const format of ['wav', 'mp3', 'opus', 'flac', 'pcm']) {
      const res = await fetch(`${server.url}/v1/audio/speech`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'tts-1', voice: af, input: 'Hello there. How are you today?', response_format: format }),
      });
      assert.equal(res.status, 200, `${format}: ${await res.clone().text()}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const seconds = await ffmpegSeconds(bytes, format === 'pcm' ? ['-f', 's16le', '-ar', '24000', '-ac', '1'] : []);
      if (format === 'wav') {
        // The same speech as /v1/text-to-speech: a file answer spaces its sentences as the route's
        // stream does (space-sentences.ts), so only how the engine ends a sentence in context differs.
        assert.ok(Math.abs(seconds - v1Seconds) <= 0.1, `OpenAI wav ${seconds} s against /v1 ${v1Seconds} s`);
        expected = seconds;
      }
      assert.ok(Math.abs(seconds - expected) <= 0.05 * expected, `${format}: ${seconds} s against ${expected} s`);
    }
  });

  it('gives word timestamps ordered and within the audio', async () => {
    const res = await speak('/v1/text-to-speech/with-timestamps', {});
    assert.equal(res.status, 200, await res.clone().text());
    assertWordTimestamps((await res.json()) as TimestampsAnswer, ['Hello', 'there.', 'How', 'are', 'you', 'today?']);
  });

  it('streams sentence by sentence', async () => {
    const res = await speak('/v1/text-to-speech/stream', { output: { audio_format: 'wav' } });
    assert.equal(res.status, 200, await res.clone().text());
    assert.ok(new Uint8Array(await res.arrayBuffer()).length > 44 + 24000);
  });

  it("each voice's preview decodes and is that voice", async () => {
    const listed = await voices();
    for (const [id, hz] of [[af, 150], [bm, 250]] as const) {
      const url = listed.find((v) => v.voice_id === id)!.preview_url!;
      assert.ok(url.endsWith(`/previews/${id}.mp3`), url);
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'audio/mpeg');
      const preview = await decodeMp3(new Uint8Array(await res.arrayBuffer()));
      const seconds = preview.samples.length / preview.sampleRate;
      assert.ok(seconds > 1, `${seconds} s`);
      const measured = zeroCrossingHz(preview.samples, preview.sampleRate);
      assert.ok(Math.abs(measured - hz) < hz * 0.1, `${id} preview at ${measured} Hz, expected ${hz}`);
    }
  });

  it('`orator models remove` takes every voice out of the catalog at once', async () => {
    await run(process.execPath, [cli, 'models', 'remove', name], { env: env() });
    const listed = await voices();
    assert.ok(!listed.some((v) => v.voice_id === af || v.voice_id === bm));
    assert.equal((await speak('/v1/text-to-speech', {})).status, 404);
  });
});

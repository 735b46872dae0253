import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { startTestServer, type TestServer } from '../test-server.js';
import { ffmpegSeconds, ffprobeStream } from '../../synthesis/ffmpeg-decode.js';

const text = 'Good morning. The train to the airport leaves from platform four in ten minutes. Please have your ticket ready.';
const within = (actual: number, expected: number, tolerance = 0.1) => Math.abs(actual - expected) <= tolerance * expected;

/** The official `openai` npm client, pointed at Orator by its base URL and an Orator API key. */
describe('OpenAI speech API with the official openai client', () => {
  let server: TestServer;
  let client: OpenAI;
  let apiKey: string;
  /** Seconds of the same text in the same voice from /v1/text-to-speech (X-Audio-Duration): the yardstick. */
  let expected: number;

  before(async () => {
    server = await startTestServer({ startQueue: false });
    ({ apiKey } = await server.createAccount('custom'));
    client = new OpenAI({ apiKey, baseURL: `${server.url}/v1`, maxRetries: 0 });
    const voices = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': apiKey } })).json()) as { voice_id: string; voice_name: { eng: string } }[];
    const olivia = voices.find((v) => v.voice_name.eng === 'Olivia')!;
    const res = await fetch(`${server.url}/v1/text-to-speech`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ voice_id: olivia.voice_id, text, model: 'ssfm-v30' }),
    });
    assert.equal(res.status, 200);
    expected = Number(res.headers.get('x-audio-duration'));
    assert.ok(expected > 3, `yardstick ${expected} s`);
  });
  after(() => server.close());

  const formats = [
    { format: 'mp3', codec: 'mp3', container: 'mp3' },
    { format: 'opus', codec: 'opus', container: 'ogg' },
    { format: 'flac', codec: 'flac', container: 'flac' },
    { format: 'wav', codec: 'pcm_s16le', container: 'wav' },
  ] as const;

  for (const { format, codec, container } of formats) {
    it(`response_format ${format}: ${codec} in ${container}, mono, decodes to the length of the same speech ±10 %`, async () => {
      const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, response_format: format });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const probe = await ffprobeStream(bytes);
      assert.equal(probe.codec, codec);
      assert.ok(probe.format.split(',').includes(container), probe.format);
      assert.equal(probe.channels, 1);
      // Opus always decodes at 48 kHz; the others carry OpenAI's 24 kHz.
      assert.equal(probe.sampleRate, format === 'opus' ? 48000 : 24000);
      const seconds = await ffmpegSeconds(bytes);
      assert.ok(within(seconds, expected), `${format}: ${seconds} s against ${expected} s`);
    });
  }

  it('response_format pcm: raw 24 kHz 16-bit little-endian mono, as long as the speech ±10 %', async () => {
    const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, response_format: 'pcm' });
    assert.equal(response.headers.get('content-type'), 'audio/pcm');
    const bytes = new Uint8Array(await response.arrayBuffer());
    assert.equal(bytes.length % 2, 0);
    assert.ok(within(bytes.length / 2 / 24000, expected));
    const seconds = await ffmpegSeconds(bytes, ['-f', 's16le', '-ar', '24000', '-ac', '1']);
    assert.ok(within(seconds, expected), `${seconds} s against ${expected} s`);
  });

  it('speed 2 halves the length (±10 %), speed 0.5 doubles it', async () => {
    const fast = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, response_format: 'wav', speed: 2 });
    const slow = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, response_format: 'wav', speed: 0.5 });
    const fastSeconds = await ffmpegSeconds(new Uint8Array(await fast.arrayBuffer()));
    const slowSeconds = await ffmpegSeconds(new Uint8Array(await slow.arrayBuffer()));
    assert.ok(within(fastSeconds, expected / 2), `speed 2: ${fastSeconds} s against ${expected / 2} s`);
    assert.ok(within(slowSeconds, expected * 2), `speed 0.5: ${slowSeconds} s against ${expected * 2} s`);
  });

  it('stream_format audio: chunked as made, more than one chunk for several sentences', async () => {
    const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, response_format: 'opus', stream_format: 'audio' });
    assert.equal(response.headers.get('content-length'), null, 'no length: chunked');
    const parts: Uint8Array[] = [];
    for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) parts.push(part);
    assert.ok(parts.length >= 2, `${parts.length} chunks`);
    const seconds = await ffmpegSeconds(new Uint8Array(Buffer.concat(parts)));
    assert.ok(within(seconds, expected), `${seconds} s against ${expected} s`);
  });

  it('stream_format sse: speech.audio.delta events whose base64 audio decodes, then speech.audio.done with usage', async () => {
    const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, response_format: 'mp3', stream_format: 'sse' });
    assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { type: string; audio?: string; usage?: { input_tokens: number } });
    const deltas = events.filter((e) => e.type === 'speech.audio.delta');
    assert.ok(deltas.length >= 2, `${deltas.length} deltas`);
    assert.deepEqual(events.slice(0, -1).map((e) => e.type), deltas.map(() => 'speech.audio.delta'));
    const done = events[events.length - 1];
    assert.equal(done.type, 'speech.audio.done');
    assert.equal(done.usage?.input_tokens, text.length);
    const audio = Buffer.concat(deltas.map((e) => Buffer.from(e.audio!, 'base64')));
    const seconds = await ffmpegSeconds(new Uint8Array(audio));
    assert.ok(within(seconds, expected), `${seconds} s against ${expected} s`);
  });

  it('a bad voice, a bad format, aac and an over-long input are OpenAI-shaped 400s', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ voice: 'nobody' }, 'voice', /Voice not found/],
      [{ response_format: 'ogg' }, 'response_format', /Supported values are/],
      [{ response_format: 'aac' }, 'response_format', /no AAC encoder.*mp3, opus, flac, wav, pcm/],
      [{ input: 'a'.repeat(4097) }, 'input', /input/],
      [{ speed: 5 }, 'speed', /speed/],
      [{ model: 'tts-2' }, 'model', /Supported values are/],
    ];
    for (const [change, param, message] of cases) {
      await assert.rejects(
        client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello.', ...change } as never),
        (error: unknown) => {
          assert.ok(error instanceof OpenAI.BadRequestError, `${JSON.stringify(change)}: ${String(error)}`);
          assert.equal(error.status, 400);
          assert.equal(error.type, 'invalid_request_error');
          assert.equal(error.param, param);
          assert.match(error.message, message);
          return true;
        },
      );
    }
  });

  it('a wrong key is a 401 AuthenticationError; the current interface still wants X-API-KEY on its own /v1 routes', async () => {
    const stranger = new OpenAI({ apiKey: 'not-a-key', baseURL: `${server.url}/v1`, maxRetries: 0 });
    await assert.rejects(stranger.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello.' }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.AuthenticationError);
      assert.equal(error.code, 'invalid_api_key');
      return true;
    });
    const bearerOnCurrent = await fetch(`${server.url}/v1/voices`, { headers: { authorization: `Bearer ${apiKey}` } });
    assert.equal(bearerOnCurrent.status, 401);
    assert.ok('detail' in ((await bearerOnCurrent.json()) as object));
  });

  it('instructions drive the smart emotion: the same input reads differently with "whisper" instructions', async () => {
    const plain = await client.audio.speech.create({ model: 'gpt-4o-mini-tts', voice: 'coral', input: 'Meet me at the library at noon.', response_format: 'pcm' });
    const whispered = await client.audio.speech.create({
      model: 'gpt-4o-mini-tts',
      voice: 'coral',
      input: 'Meet me at the library at noon.',
      instructions: 'Whisper this quietly, it is a secret.',
      response_format: 'pcm',
    });
    const a = Buffer.from(await plain.arrayBuffer());
    const b = Buffer.from(await whispered.arrayBuffer());
    assert.ok(a.length > 0 && b.length > 0);
    assert.ok(!a.equals(b), 'the instructions changed the speech');
  });

  it('lists models and voices', async () => {
    const models = await client.models.list();
    const ids = models.data.map((m) => m.id);
    for (const id of ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'ssfm-v30']) assert.ok(ids.includes(id), id);
    const voices = (await client.get('/audio/voices')) as { voices: { id: string; name: string }[] };
    const names = voices.voices.map((v) => v.id);
    for (const name of ['alloy', 'nova', 'onyx']) assert.ok(names.includes(name), name);
    assert.ok(names.some((n) => /^tc_[0-9a-f]{24}$/.test(n)));
  });
});

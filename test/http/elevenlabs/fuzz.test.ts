import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { hostileJson, mutatedJson, randomness, type Randomness } from '../fuzz-values.js';
import { startTestServer, type TestServer } from '../test-server.js';

/** An error answer is at most 16 KiB; any answer at most 8 MiB (the longest text is 5,000 characters). */
const ERROR_BOUND = 16 * 1024;
const ANSWER_BOUND = 8 * 1024 * 1024;

interface Route {
  method: string;
  path: () => string;
  body?: () => Record<string, unknown>;
}

function fuzzedJson(r: Randomness, base: Record<string, unknown> | undefined): string {
  if (r.unit() >= 0.25 && base) return mutatedJson(r, base, { extraKeys: ['voice_settings'] });
  return r.pick([...hostileJson(5_000), JSON.stringify({ text: 'y'.repeat(20_000) })]);
}

/**
 * Fuzz over the ElevenLabs routes against a real server: seeded, a fixed number of requests.
 * Every answer: no 5xx, bounded, and every error `{"detail": {"status", "message"}}`.
 */
describe('fuzz: the ElevenLabs routes', () => {
  let server: TestServer;
  let apiKey: string;
  const olivia = `tc_${findVoiceByAnyName('eng-olivia')!.id}`;

  before(async () => {
    server = await startTestServer({ startQueue: false });
    ({ apiKey } = await server.createAccount('custom'));
  });
  after(() => server.close());

  async function send(method: string, path: string, body: string | Buffer | undefined, headers: Record<string, string>): Promise<void> {
    const context = `${method} ${path} ${String(body ?? '').slice(0, 160)}`;
    const response = await fetch(`${server.url}${path}`, { method, headers, body: body as BodyInit | undefined });
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.ok(response.status < 500, `${response.status} for ${context}: ${bytes.subarray(0, 300).toString('utf8')}`);
    assert.ok(bytes.length <= ANSWER_BOUND, `${bytes.length} bytes for ${context}`);
    if (response.status >= 400) {
      assert.ok(bytes.length <= ERROR_BOUND, `a ${bytes.length}-byte error for ${context}`);
      const parsed = JSON.parse(bytes.toString('utf8'));
      assert.equal(typeof parsed?.detail?.status, 'string', `${context}: ${bytes.toString('utf8').slice(0, 200)}`);
      assert.equal(typeof parsed?.detail?.message, 'string', context);
    }
  }

  it('JSON routes, queries and keys', { timeout: 600_000 }, async () => {
    const r = randomness(20261128);
    const speech = () => ({ text: 'Fuzz.', model_id: 'eleven_flash_v2_5', language_code: 'en', voice_settings: { stability: 0.5, similarity_boost: 0.5, style: 0.2, use_speaker_boost: true, speed: 1 }, seed: 1 });
    const voice = () => encodeURIComponent(r.pick([olivia, 'JBFqnCBsd6RMkjVDRZzb', r.string() || 'x', '__proto__']));
    const format = () => (r.unit() < 0.5 ? '' : `?output_format=${encodeURIComponent(r.pick(['pcm_16000', 'ulaw_8000', 'opus_48000_64', 'mp3_44100_999', r.string(), '__proto__']))}`);
    const routes: Route[] = [
      ...['', '/stream', '/with-timestamps', '/stream/with-timestamps'].map((tail) => ({ method: 'POST', path: () => `/v1/text-to-speech/${voice()}${tail}${format()}`, body: speech })),
      { method: 'GET', path: () => '/v1/voices' },
      { method: 'GET', path: () => `/v1/voices/${voice()}` },
      { method: 'GET', path: () => `/v2/voices?${r.pick(['page_size', 'next_page_token', 'search', 'sort', 'voice_ids', '__proto__'])}=${encodeURIComponent(r.string())}` },
      { method: 'GET', path: () => '/v1/models' },
      { method: 'GET', path: () => '/v1/user' },
      { method: 'GET', path: () => '/v1/user/subscription' },
      { method: 'DELETE', path: () => `/v1/voices/${voice()}` },
    ];
    for (let round = 0; round < 8; round++) {
      for (const route of routes) {
        const headers: Record<string, string> = { 'xi-api-key': r.unit() < 0.05 ? r.pick(['', 'k'.repeat(5000), 'not-a-key']) : apiKey };
        let body: string | undefined;
        if (route.body) {
          body = fuzzedJson(r, route.body());
          headers['content-type'] = r.unit() < 0.85 ? 'application/json' : r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']);
        }
        await send(route.method, route.path(), body, headers);
      }
    }
  });

  it('POST /v1/voices/add: empty, truncated and malformed forms', { timeout: 120_000 }, async () => {
    const r = randomness(1128);
    for (let round = 0; round < 10; round++) {
      const form = new FormData();
      if (r.unit() < 0.8) form.append(r.pick(['name', '__proto__']), r.pick(['Fuzz', r.string(), 'n'.repeat(1000)]));
      if (r.unit() < 0.8) form.append(r.pick(['files', 'file']), new Blob([new Uint8Array(r.pick([0, 12, 4000]))], { type: 'audio/wav' }), 'a.wav');
      const encoded = new Response(form);
      const type = encoded.headers.get('content-type')!;
      let body = Buffer.from(await encoded.arrayBuffer());
      if (r.unit() < 0.3) body = body.subarray(0, r.int(body.length));
      await send('POST', '/v1/voices/add', body, { 'xi-api-key': apiKey, 'content-type': r.unit() < 0.9 ? type : 'application/json' });
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomness } from '../fuzz-values.js';
import { openCurrentApi, type CurrentApi } from './current-api.js';

const allowedStatus = new Set([200, 400, 402, 404, 413, 422, 429]);

/** The error shapes of the current interface, and nothing else. */
function checkErrorBody(status: number, body: unknown, context: string): void {
  assert.ok(body && typeof body === 'object', context);
  const b = body as Record<string, unknown>;
  if (status === 422 && 'error_code' in b) {
    assert.equal(b.error_code, 'TEXT_NOT_SYNTHESIZABLE', context);
    assert.equal(typeof b.message, 'string', context);
    return;
  }
  if (status === 422) {
    assert.ok(Array.isArray(b.detail) && b.detail.length > 0, context);
    for (const issue of b.detail as Record<string, unknown>[]) {
      assert.ok(Array.isArray(issue.loc) && ['body', 'query', 'path'].includes(issue.loc[0] as string), `${context}: ${JSON.stringify(issue)}`);
      assert.ok(typeof issue.msg === 'string' && typeof issue.type === 'string', context);
    }
    return;
  }
  assert.equal(typeof b.detail, 'string', `${context}: ${JSON.stringify(body)}`);
}

describe('current interface: fuzzed JSON bodies and query strings', () => {
  let api: CurrentApi;
  let olivia: string;
  const statuses = new Map<number, number>();
  before(async () => {
    api = await openCurrentApi('custom');
    olivia = await api.voiceId('Olivia');
  });
  after(async () => {
    console.log(`# fuzz statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
    await api.close();
  });

  const send = async (method: string, path: string, options: { rawBody?: string; headers?: Record<string, string> } = {}) => {
    const res = await api.call(method, path, options);
    const context = `${method} ${path} ${options.rawBody?.slice(0, 200) ?? ''}`;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    assert.ok(allowedStatus.has(res.status), `${res.status} for ${context}`);
    const type = res.headers.get('content-type') ?? '';
    if (res.status === 200) {
      assert.match(type, /^(audio\/(wav|mp3)|application\/json)/, context);
      await res.arrayBuffer();
      return;
    }
    assert.match(type, /^application\/json/, context);
    checkErrorBody(res.status, await res.json(), context);
  };

  it('never answers a mutated synthesis body with a 500 or another shape', async () => {
    const r = randomness(20260101);
    const base = () => ({
      voice_id: olivia,
      text: 'Fuzz.',
      model: 'ssfm-v30',
      language: 'eng',
      prompt: r.pick([{ emotion_preset: 'happy', emotion_intensity: 1 }, { emotion_type: 'preset', emotion_preset: 'sad', emotion_intensity: 0.5 }, { emotion_type: 'smart', previous_text: 'Hi.' }]),
      output: { volume: 100, audio_pitch: 0, audio_tempo: 1, audio_format: 'wav' },
      seed: 1,
    });
    const paths = ['/v1/text-to-speech', '/v1/text-to-speech/stream', '/v1/text-to-speech/with-timestamps', '/v1/text-to-speech/compose'];
    const keys = ['voice_id', 'text', 'model', 'language', 'prompt', 'output', 'seed', 'unknown', 'prompt.emotion_type', 'prompt.emotion_preset', 'prompt.emotion_intensity', 'prompt.next_text', 'prompt.extra', 'output.volume', 'output.target_lufs', 'output.audio_pitch', 'output.audio_tempo', 'output.audio_format', 'output.remove_silence_ms', 'output.extra'];
    for (let round = 0; round < 260; round++) {
      const path = r.pick(paths);
      let body: unknown = base();
      const mutations = 1 + r.int(3);
      for (let m = 0; m < mutations; m++) {
        const key = r.pick(keys);
        const [top, inner] = key.split('.');
        const target = body as Record<string, unknown>;
        if (inner) {
          if (typeof target[top] !== 'object' || target[top] === null) target[top] = {};
          (target[top] as Record<string, unknown>)[inner] = r.value();
        } else if (r.unit() < 0.15) delete target[top];
        else target[top] = r.value();
      }
      if (r.unit() < 0.05) body = r.value();
      if (path.endsWith('/compose')) {
        const tts = { type: 'tts', ...(body as object) };
        body = r.unit() < 0.5 ? { segments: [tts, { type: 'pause', duration_seconds: r.pick([0.1, 0, -1, 11, '1', null]) }] } : { segments: r.value(), audio_format: r.value() };
      }
      let raw = JSON.stringify(body);
      if (r.unit() < 0.1) raw = raw.slice(0, r.int(raw.length));
      if (r.unit() < 0.03) raw = `${raw}${r.string()}`;
      const headers = r.unit() < 0.05 ? { 'content-type': r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data']) } : undefined;
      await send('POST', `${path}${r.unit() < 0.2 ? `?granularity=${encodeURIComponent(r.string())}` : ''}`, { rawBody: raw, headers });
    }
  });

  it('never answers a fuzzed query string or path with a 500 or another shape', async () => {
    const r = randomness(777);
    const paths = ['/v3/voices', '/v2/voices', '/v1/voices', '/v1/voices/recommendations', '/v1/users/me/subscription', `/v3/voices/${olivia}`, `/v1/voices/${olivia}`];
    const names = ['model', 'gender', 'age', 'use_cases', 'voice_type', 'query', 'count', 'granularity', 'x', '__proto__', 'constructor', '', 'model[]', 'a.b'];
    for (let round = 0; round < 300; round++) {
      const pairs: string[] = [];
      for (let i = r.int(4); i > 0; i--) {
        const value = r.pick([r.string(), String(r.value()), 'ssfm-v21', 'female', 'elder', 'Anime', '5', '-1', '10', '1e3', '%', '%zz', 'x'.repeat(3000)]);
        const raw = r.unit() < 0.1;
        pairs.push(`${r.pick(names)}=${raw ? value : encodeURIComponent(value)}`);
      }
      let path = r.pick(paths);
      if (r.unit() < 0.15) path = `/v${1 + r.int(3)}/voices/${encodeURIComponent(r.string())}`;
      await send('GET', pairs.length ? `${path}?${pairs.join('&')}` : path);
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { earlierClient, pollUntilFinished } from '../earlier/earlier-client.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { openCurrentApi, type CurrentApi } from './current-api.js';

const w = (text: string, start: number, end: number) => ({ text, start, end });
/** A with-timestamps answer of our own making (the audio field is carried and ignored). */
const answer = {
  audio: 'UklGRiQAAABXQVZF',
  audio_format: 'wav',
  audio_duration: 2.4,
  words: [w('Hello.', 0.1, 0.45), w('How', 1.2, 1.5), w('are', 1.6, 1.8), w('you?', 1.85, 2.4)],
  characters: null,
};

describe('captions over HTTP', () => {
  let api: CurrentApi;
  before(async () => {
    api = await openCurrentApi('free');
  });
  after(() => api.close());

  it('POST /v1/captions answers the SRT and WebVTT files of a with-timestamps answer, and charges nothing', async () => {
    const before = await (await api.call('GET', '/v1/users/me/subscription')).json();
    const srt = await api.call('POST', '/v1/captions?format=srt', { body: answer });
    assert.equal(srt.status, 200, await srt.clone().text());
    assert.equal(srt.headers.get('content-type'), 'application/x-subrip; charset=utf-8');
    assert.equal(await srt.text(), '1\n00:00:00,100 --> 00:00:00,450\nHello.\n\n2\n00:00:01,200 --> 00:00:02,400\nHow are you?\n\n');
    const vtt = await api.call('POST', '/v1/captions?format=vtt&max_seconds=0.5', { body: answer });
    assert.equal(vtt.status, 200);
    assert.equal(vtt.headers.get('content-type'), 'text/vtt; charset=utf-8');
    assert.equal(await vtt.text(), 'WEBVTT\n\n00:00:00.100 --> 00:00:00.450\nHello.\n\n00:00:01.200 --> 00:00:01.500\nHow\n\n00:00:01.600 --> 00:00:01.800\nare\n\n00:00:01.850 --> 00:00:02.400\nyou?\n\n');
    const chars = await api.call('POST', '/v1/captions?format=srt&max_chars=7', { body: answer });
    assert.equal(await chars.text(), '1\n00:00:00,100 --> 00:00:00,450\nHello.\n\n2\n00:00:01,200 --> 00:00:01,800\nHow are\n\n3\n00:00:01,850 --> 00:00:02,400\nyou?\n\n');
    const after = await (await api.call('GET', '/v1/users/me/subscription')).json();
    assert.deepEqual(after, before);
  });

  it('refuses what it cannot caption with a 422 naming it, and needs the key', async () => {
    for (const [query, body] of [
      ['?format=ass', answer],
      ['', answer],
      ['?format=srt&max_seconds=0', answer],
      ['?format=srt&max_chars=0', answer],
      ['?format=srt', { words: null, characters: null }],
      ['?format=srt', { words: [w(' ', 0, 1), w('', 1, 2)] }],
      ['?format=srt', { words: [{ text: 'a', start: 'soon', end: 1 }] }],
      ['?format=srt', [1, 2]],
    ] as const) {
      const res = await api.call('POST', `/v1/captions${query}`, { body });
      assert.equal(res.status, 422, `${query} ${JSON.stringify(body)}: ${await res.clone().text()}`);
      assert.ok(Array.isArray(((await res.json()) as { detail: unknown }).detail));
    }
    assert.equal((await api.call('POST', '/v1/captions?format=srt', { body: answer, key: null })).status, 401);
  });

  it('with-timestamps?captions=srt,vtt adds the files of its own timings; ?captions=vtt only that one; without it, no field', async () => {
    const voice = await api.voiceId('Olivia');
    const text = 'Good morning. How are you today?';
    const body = { voice_id: voice, model: 'ssfm-v21', text };
    const both = (await (await api.call('POST', '/v1/text-to-speech/with-timestamps?captions=srt,vtt', { body })).json()) as { words: unknown; characters: unknown; captions: { srt: string; vtt: string } };
    for (const format of ['srt', 'vtt'] as const) {
      const rebuilt = await api.call('POST', `/v1/captions?format=${format}`, { body: both });
      assert.equal(both.captions[format], await rebuilt.text());
    }
    assert.match(both.captions.srt, /^1\n00:00:\d\d,\d{3} --> .*\nGood morning\.\n\n2\n.*\nHow are you today\?\n\n$/);
    const vttOnly = (await (await api.call('POST', '/v1/text-to-speech/with-timestamps?captions=vtt&granularity=char', { body })).json()) as { captions: Record<string, string> };
    assert.deepEqual(Object.keys(vttOnly.captions), ['vtt']);
    assert.ok(vttOnly.captions.vtt.startsWith('WEBVTT\n\n'));
    const plain = (await (await api.call('POST', '/v1/text-to-speech/with-timestamps', { body })).json()) as Record<string, unknown>;
    assert.equal('captions' in plain, false);
    assert.equal((await api.call('POST', '/v1/text-to-speech/with-timestamps?captions=srt,ass', { body })).status, 422);
  });
});

describe('GET /api/speak/v2/{id}/captions', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('captions a finished speak for its owner, as the current interface captions the same text; others get 404', async () => {
    const owner = earlierClient(server, (await server.createAccount('custom')).apiToken);
    const stranger = earlierClient(server, (await server.createAccount('custom')).apiToken);
    const text = 'Good morning. How are you today?';
    const created = await owner.post('/api/speak', { text, lang: 'auto', actor_id: '62a8975e695ad26f7fb514d1', xapi_audio_format: 'wav' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const url: string = created.body.result.speak_v2_url;
    const id = url.split('/').pop();
    assert.equal((await pollUntilFinished(owner, url, 100)).status, 'done');
    const srt = await owner.get(`/api/speak/v2/${id}/captions?format=srt`);
    assert.equal(srt.status, 200);
    assert.equal(srt.headers.get('content-type'), 'application/x-subrip; charset=utf-8');
    assert.match(srt.bytes.toString('utf8'), /^1\n00:00:\d\d,\d{3} --> .*\nGood morning\.\n\n2\n.*\nHow are you today\?\n\n$/);
    const vtt = await owner.get(`/api/speak/v2/${id}/captions?format=vtt&max_chars=13`);
    assert.equal(vtt.headers.get('content-type'), 'text/vtt; charset=utf-8');
    assert.deepEqual(vtt.bytes.toString('utf8').split('\n').filter((l, i, all) => all[i - 1]?.includes('-->')), ['Good morning.', 'How are you', 'today?']);
    const foreign = await stranger.get(`/api/speak/v2/${id}/captions?format=srt`);
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.message.error_code, 'app/not-found');
    const bad = await owner.get(`/api/speak/v2/${id}/captions?format=txt`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message.error_code, 'app/invalid/format');
    assert.equal((await owner.get(`/api/speak/v2/${id}/captions?format=srt&max_seconds=-1`)).body.message.error_code, 'app/invalid/max_seconds');
  });
});

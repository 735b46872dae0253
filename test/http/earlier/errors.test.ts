import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, pollUntilFinished, type EarlierClient } from './earlier-client.js';

const olivia = findVoiceByAnyName('eng-olivia')!.id;
const valid = { text: 'Hello.', lang: 'en-us', actor_id: olivia };

function assertError(answer: { status: number; body: any }, status: number, code: string, what = '') {
  assert.equal(answer.status, status, `${what}: ${JSON.stringify(answer.body)}`);
  assert.equal(typeof answer.body?.message?.msg, 'string', what);
  assert.equal(answer.body.message.error_code, code, what);
}

describe('errors of the earlier interface', () => {
  const clock = new ManualClock(Date.UTC(2026, 2, 1));
  let server: TestServer;
  let client: EarlierClient;
  let other: EarlierClient;
  let speakId: string;
  let downloadUrl: string;
  before(async () => {
    server = await startTestServer({ clock });
    client = earlierClient(server, (await server.createAccount('plus')).apiToken);
    other = earlierClient(server, (await server.createAccount('plus')).apiToken);
    const created = await client.post('/api/speak', valid);
    speakId = created.body.result.speak_v2_url.split('/').pop();
    downloadUrl = (await pollUntilFinished(client, created.body.result.speak_v2_url, 100)).audio_download_url;
  });
  after(() => server.close());

  it('401 auth/not-authorized on every route without a valid Bearer token', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/actor'],
      ['GET', `/api/actor/${olivia}/versions`],
      ['GET', `/api/actor/${olivia}/versions/latest`],
      ['GET', '/api/me'],
      ['PUT', '/api/me/callback-url', { callback_url: 'http://example.com/' }],
      ['POST', '/api/speak', valid],
      ['GET', `/api/speak/v2/${speakId}`],
      ['GET', `/api/speak/${speakId}`],
      ['POST', '/api/text-to-speech', valid],
      ['POST', '/api/speak/resource', { audio_format: 'wav' }],
      ['POST', `/api/speak/prosody-meta/${speakId}`, { language: 'en-us' }],
      ['GET', `/files/speak/${speakId}.wav`],
      ['GET', `/files/speak/${speakId}.wav/no-redirect`],
      ['GET', `/files/speak/${speakId}.wav/embed`],
    ];
    const disabled = await server.createAccount('plus');
    await server.services.accounts.setEnableApi(disabled.uid, false);
    const callers: [string, Record<string, string>][] = [
      ['no header', {}],
      ['unknown token', { authorization: 'Bearer not-a-token' }],
      ['empty Bearer', { authorization: 'Bearer ' }],
      ['other scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
      ['API key as Bearer', { authorization: `Bearer ${disabled.apiKey}` }],
      ['enable_api false', { authorization: `Bearer ${disabled.apiToken}` }],
    ];
    for (const [method, path, body] of routes) {
      for (const [who, headers] of callers) {
        const anonymous = earlierClient(server, null);
        const answer = await anonymous.call(method, path, body, { headers });
        assertError(answer, 401, 'auth/not-authorized', `${method} ${path} (${who})`);
      }
    }
    // Even a malformed body is answered 401 first.
    assertError(await earlierClient(server, null).call('POST', '/api/speak', undefined, { raw: '{oops' }), 401, 'auth/not-authorized');
  });

  it('another account\'s speak is invisible (404), prosody-meta of it too, unknown ids are 404', async () => {
    assertError(await other.get(`/api/speak/v2/${speakId}`), 404, 'app/not-found');
    assertError(await other.get(`/api/speak/${speakId}`), 404, 'app/not-found');
    assertError(await other.post(`/api/speak/prosody-meta/${speakId}`, { language: 'en-us' }), 404, 'app/not-found');
    for (const id of ['0'.repeat(24), 'xyz', 'A'.repeat(24), '%2e%2e']) {
      assertError(await client.get(`/api/speak/v2/${id}`), 404, 'app/not-found', id);
      assertError(await client.get(`/api/speak/${id}`), 404, 'app/not-found', id);
    }
    assertError(await client.post(`/api/speak/prosody-meta/${'0'.repeat(24)}`, { language: 'en-us' }), 404, 'app/not-found');
    assertError(await client.get('/api/nothing-here'), 404, 'app/not-found');
    assertError(await client.get(`/api/actor/${'0'.repeat(24)}/versions`), 404, 'app/not-found');
    assertError(await client.get(`/api/actor/${olivia}/versions/v9`), 404, 'app/not-found');
    assert.equal((await client.get(`/api/actor/${olivia}/versions/first`)).body.result.name, 'v1');
    assert.equal((await client.get(`/api/actor/${olivia}/versions/v2`)).body.result.emotion_prompt, true);
  });

  it('download links: work without credentials for 24 h, then 401 unless the owner\'s token comes along; tampered 401; unknown 404', async () => {
    const url = new URL(downloadUrl);
    const expires = Number(url.searchParams.get('expires'));
    assert.equal(expires * 1000 - clock.now(), 24 * 3600 * 1000);
    const anonymous = earlierClient(server, null);
    const path = `${url.pathname}${url.search}`;
    assert.equal((await anonymous.get(path)).status, 200);
    const tampered = path.replace(/signature=(.)/, (_m, c) => `signature=${c === 'A' ? 'B' : 'A'}`);
    assertError(await anonymous.get(tampered), 401, 'auth/not-authorized', 'tampered');
    assertError(await anonymous.get(path.replace(`expires=${expires}`, `expires=${expires + 3600}`)), 401, 'auth/not-authorized', 'later expiry');
    assertError(await anonymous.get(url.pathname), 401, 'auth/not-authorized', 'unsigned');
    assert.equal((await client.get(url.pathname)).status, 200, 'owner token, unsigned');
    assertError(await other.get(url.pathname), 401, 'auth/not-authorized', 'another account token');
    clock.advance(24 * 3600 * 1000 - 1000);
    assert.equal((await anonymous.get(path)).status, 200, 'one second before expiry');
    clock.advance(1000);
    assertError(await anonymous.get(path), 401, 'auth/not-authorized', 'expired');
    assert.equal((await client.get(path)).status, 200, 'expired, but with the owner token');
    // A fresh read hands out a fresh link.
    const again = (await client.get(`/api/speak/v2/${speakId}`)).body.result.audio_download_url;
    assert.equal((await fetch(again)).status, 200);
    assertError(await anonymous.get(`/files/speak/${'0'.repeat(24)}.wav${url.search}`), 404, 'app/not-found');
    assertError(await anonymous.get(`/files/speak/${speakId}.mp3${url.search}`), 404, 'app/not-found', 'wrong extension');
    assertError(await anonymous.get('/files/speak/..%2f..%2fetc%2fpasswd'), 404, 'app/not-found');
    assertError(await anonymous.get('/files/nothing'), 404, 'app/not-found');
  });

  it('the embed page opened by the owner with a far expiry links its audio for 24 h at most', async () => {
    const page = await client.call('GET', `/files/speak/${speakId}.wav/embed?expires=999999999999`);
    assert.equal(page.status, 200);
    const src = /src="([^"]+)"/.exec(page.bytes.toString("utf8"))?.[1]?.replace(/&#38;/g, "&");
    assert.ok(src, 'the page links its audio');
    const expires = Number(new URL(src, 'http://x').searchParams.get('expires'));
    assert.ok(expires * 1000 - clock.now() <= 24 * 3600 * 1000 + 1000, `expires ${expires} lies beyond 24 h`);
  });

  it('the embed page answers 400 app/invalid/expires to an expiry that is not whole unix seconds, never 500', async () => {
    for (const expires of ['-1', '1.5', '1e9', '9999999999999999', '99999999999999999999', '', 'abc', ' 1', '0x10']) {
      const answer = await client.get(`/files/speak/${speakId}.wav/embed?expires=${encodeURIComponent(expires)}`);
      assertError(answer, 400, 'app/invalid/expires', `expires=${expires}`);
    }
    assertError(await client.get(`/files/speak/${speakId}.wav/embed?expires=1&expires=2`), 400, 'app/invalid/expires', 'repeated');
    assert.equal((await client.call('GET', `/files/speak/${speakId}.wav/embed?expires=0`)).status, 200, 'a past expiry is whole seconds: the page links audio that has expired');
  });

  it('PUT /api/me/callback-url: its two error codes; null unregisters', async () => {
    assertError(await client.put('/api/me/callback-url', {}), 400, 'app/param/not-enough/callback_url');
    assertError(await client.call('PUT', '/api/me/callback-url'), 400, 'app/param/not-enough/callback_url', 'no body');
    for (const bad of ['not a url', '', 'ftp://example.com/x', 'javascript:alert(1)', 42, true, ['http://a.b/'], `http://example.com/${'a'.repeat(3000)}`]) {
      assertError(await client.put('/api/me/callback-url', { callback_url: bad }), 400, 'app/invalid/callback_url', JSON.stringify(bad).slice(0, 40));
    }
    assert.equal((await client.put('/api/me/callback-url', { callback_url: 'https://example.com/hook' })).body.result.callback_url, 'https://example.com/hook');
    assert.equal((await client.put('/api/me/callback-url', { callback_url: null })).body.result.callback_url, null);
    assert.equal((await client.get('/api/me')).body.result.callback_url, null);
  });

  it('POST /api/speak: each malformed body gets its 400 code', async () => {
    const cases: [unknown, string][] = [
      [{ lang: 'eng', actor_id: olivia }, 'app/param/not-enough'],
      [{ text: 'Hi', actor_id: olivia }, 'app/param/not-enough'],
      [{ text: 'Hi', lang: 'eng' }, 'app/param/not-enough'],
      [{ text: 'Hi', lang: 'eng', tts_mode: 'audio_file' }, 'app/param/not-enough'],
      [{ ...valid, text: 42 }, 'app/param/type-mismatch'],
      [{ ...valid, text: ['a'] }, 'app/param/type-mismatch'],
      [{ ...valid, actor_id: 7 }, 'app/param/type-mismatch'],
      [{ ...valid, xapi_hd: 'true' }, 'app/param/type-mismatch'],
      [{ ...valid, tempo: '1.5' }, 'app/param/type-mismatch'],
      [{ ...valid, pitch: {} }, 'app/param/type-mismatch'],
      [[valid], 'app/param/type-mismatch'],
      ['just a string', 'app/param/type-mismatch'],
      [{ ...valid, text: 'a'.repeat(351) }, 'app/invalid/text'],
      [{ ...valid, text: '가'.repeat(351) }, 'app/invalid/text'],
      [{ ...valid, text: 'x'.repeat(200_000) }, 'app/invalid/text'],
      [{ ...valid, text: '' }, 'app/invalid/text'],
      [{ ...valid, text: '?!… ☺☺ ---' }, 'app/invalid/text'],
      [{ ...valid, actor_id: '0'.repeat(24) }, 'app/invalid/actor_id'],
      [{ ...valid, actor_id: 'tc_nope' }, 'app/invalid/actor_id'],
      [{ ...valid, tts_mode: 'robot' }, 'app/invalid/tts_mode'],
      [{ ...valid, lang: 'fr-fr' }, 'app/invalid/lang'],
      [{ ...valid, lang: 'klingon' }, 'app/invalid/lang'],
      [{ ...valid, xapi_audio_format: 'ogg' }, 'app/invalid/xapi_audio_format'],
      [{ ...valid, model_version: 'v9' }, 'app/invalid/model_version'],
      [{ ...valid, model_version: 'first', emotion_tone_preset: 'whisper' }, 'app/invalid/emotion_tone_preset'],
      [{ ...valid, model_version: 'v1', emotion_tone_preset: 'emotion-prompt', emotion_prompt: 'happy' }, 'app/invalid/emotion_tone_preset'],
      [{ ...valid, emotion_tone_preset: 'emotion-prompt' }, 'app/param/not-enough'],
      [{ ...valid, emotion_prompt: 'x'.repeat(501) }, 'app/invalid/emotion_prompt'],
      [{ ...valid, volume: 201 }, 'app/invalid/volume'],
      [{ ...valid, volume: 50.5 }, 'app/invalid/volume'],
      [{ ...valid, speed_x: 3 }, 'app/invalid/speed_x'],
      [{ ...valid, tempo: 0.4 }, 'app/invalid/tempo'],
      [{ ...valid, pitch: 13 }, 'app/invalid/pitch'],
      [{ ...valid, pitch: 1.5 }, 'app/invalid/pitch'],
      [{ ...valid, max_seconds: 0.5 }, 'app/invalid/max_seconds'],
      [{ ...valid, max_seconds: 61 }, 'app/invalid/max_seconds'],
      [{ ...valid, duration: 0 }, 'app/invalid/duration'],
      [{ ...valid, duration: 60.5 }, 'app/invalid/duration'],
      [{ ...valid, last_pitch: 3 }, 'app/invalid/last_pitch'],
      [{ ...valid, tts_mode: 'audio_file', speak_resource_id: '0'.repeat(24) }, 'app/invalid/speak_resource_id'],
    ];
    for (const path of ['/api/speak', '/api/text-to-speech']) {
      for (const [body, code] of cases) assertError(await client.post(path, body), 400, code, `${path} ${JSON.stringify(body).slice(0, 80)}`);
    }
    const raw: [string, string | undefined, number, string][] = [
      ['{"text": "Hi",', 'application/json', 400, 'app/invalid/json'],
      ['', 'application/json', 400, 'app/invalid/json'],
      ['{"__proto__": {"x": 1}, "text": "Hi"}', 'application/json', 400, 'app/invalid/json'],
      ['text=Hi', 'application/x-www-form-urlencoded', 400, 'app/invalid/content-type'],
      ['null', 'application/json', 400, 'app/param/not-enough'],
      ['17', 'application/json', 400, 'app/param/type-mismatch'],
      [JSON.stringify({ ...valid, text: 'y'.repeat(2_000_000) }), 'application/json', 413, 'app/invalid/body-size'],
    ];
    for (const [payload, type, status, code] of raw) {
      assertError(await client.call('POST', '/api/speak', undefined, { raw: payload, headers: type ? { 'content-type': type } : {} }), status, code, payload.slice(0, 40));
    }
  });

  it('unknown fields are ignored; lang spellings and preset labels are forgiven', async () => {
    for (const body of [
      { ...valid, style_label: 'normal-1', style_label_version: 'v1', foo: { deep: [1, 2, 3] } },
      { ...valid, lang: 'EN-US', emotion_tone_preset: 'Happy-1' },
      { ...valid, lang: 'auto', model_version: 'ssfm-v30', emotion_tone_preset: 'emotion-prompt', emotion_prompt: '아주 기쁘게' },
      { ...valid, xapi_hd: null, pitch: null },
    ]) {
      assert.equal((await client.post('/api/speak', body)).status, 200, JSON.stringify(body));
    }
  });

  it('fuzz: random mutations of a valid body are answered 200 or a 4xx with a code, never a 500', async () => {
    const values: unknown[] = [null, 0, -1, 1, 2.5, 1e300, -1e300, '', 'x', 'auto', 'mu-law', 'latest', 'v1', 'ko-kr', '0'.repeat(24), 'a'.repeat(5000), true, false, [], {}, [1], { a: 1 }];
    const fields = ['text', 'tts_mode', 'actor_id', 'speak_resource_id', 'lang', 'xapi_hd', 'xapi_audio_format', 'model_version', 'emotion_tone_preset', 'emotion_prompt', 'volume', 'speed_x', 'tempo', 'pitch', 'max_seconds', 'duration', 'last_pitch', 'constructor', 'toString'];
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const fuzzer = earlierClient(server, (await server.createAccount('custom')).apiToken);
    for (let i = 0; i < 150; i++) {
      const body: Record<string, unknown> = { ...valid, text: 'Hi.' };
      for (let k = 0; k <= random(3); k++) body[fields[random(fields.length)]] = values[random(values.length)];
      if (random(10) === 0) delete body[fields[random(fields.length)]];
      const answer = await fuzzer.post(random(2) ? '/api/speak' : '/api/text-to-speech', body);
      assert.ok(answer.status < 500, `${answer.status} for ${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(answer.body)}`);
      if (answer.status >= 400) assert.match(answer.body.message.error_code, /^app\//);
    }
  });

  it('POST /api/speak/resource: its 400 codes', async () => {
    assertError(await client.post('/api/speak/resource', {}), 400, 'app/param/not-enough');
    assertError(await client.post('/api/speak/resource', { audio_format: 3 }), 400, 'app/param/type-mismatch');
    assertError(await client.post('/api/speak/resource', { audio_format: 'ogg' }), 400, 'app/invalid/audio_format');
    assert.equal((await client.post('/api/speak/resource', { audio_format: 'M4A' })).status, 200);
  });

  it('prosody-meta: 403 on a plan without it; its 400 codes', async () => {
    const free = await server.createAccount('free');
    const freeClient = earlierClient(server, free.apiToken);
    const created = await freeClient.post('/api/speak', valid);
    const id = created.body.result.speak_v2_url.split('/').pop();
    assertError(await freeClient.post(`/api/speak/prosody-meta/${id}`, { language: 'en-us' }), 403, 'app/forbidden');
    assertError(await client.post(`/api/speak/prosody-meta/${speakId}`, {}), 400, 'app/param/not-enough');
    assertError(await client.post(`/api/speak/prosody-meta/${speakId}`, { language: 'en-us', version: 'v7' }), 400, 'app/invalid/version');
    assertError(await client.post(`/api/speak/prosody-meta/${speakId}`, { language: 5 }), 400, 'app/param/type-mismatch');
  });

  it('429 app/too-many-requests with Retry-After over the plan\'s rate; 402 when credits run out, refunded on failure', async () => {
    await server.services.plans.create({
      name: 'tiny',
      concurrencyLimit: 1,
      customVoiceSlot: 0,
      professionalVoiceSlot: 0,
      planCredits: 20,
      cloneAllowed: false,
      prosodyMetaAllowed: false,
      speakRatePerMinute: 2,
      maxConcurrentClones: 0,
      professionalCloneGenerations: 0,
    });
    const tiny = await server.createAccount('tiny');
    const tinyClient = earlierClient(server, tiny.apiToken);
    assert.equal((await tinyClient.post('/api/speak', { ...valid, text: 'Twelve chars' })).status, 200);
    assertError(await tinyClient.post('/api/text-to-speech', { ...valid, text: 'Nine char' }), 402, 'app/insufficient-credit');
    const limited = await tinyClient.post('/api/speak', { ...valid, text: 'One' });
    assertError(limited, 429, 'app/too-many-requests');
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    // Reads are not synthesis operations: never limited, never charged.
    assert.equal((await tinyClient.get('/api/me')).status, 200);
    clock.advance(retryAfter * 1000);
    assert.equal((await tinyClient.post('/api/text-to-speech', { ...valid, text: 'Eight ch' })).status, 200);
    assert.equal((await server.services.accounts.get(tiny.uid))!.usedCredits, 20);
    assertError(await tinyClient.post('/api/speak/resource', { audio_format: 'wav' }), 403, 'app/forbidden');
  });
});

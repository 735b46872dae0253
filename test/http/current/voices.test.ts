import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listBuiltinVoices } from '../../../src/synthesis/catalog/catalog.js';
import { modelsOf } from '../../../src/synthesis/catalog/voice-models.js';
import { VoiceCatalog, type UsableCustomVoice } from '../../../src/services/voices/voice-catalog.js';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { openCurrentApi, type CurrentApi } from './current-api.js';

interface V3 {
  voice_id: string;
  voice_name: Record<string, string>;
  voice_type: string;
  gender: string | null;
  age: string | null;
  models: { version: string; emotions: string[] }[];
  use_cases: string[];
  preview_url: string | null;
}
type V2 = Omit<V3, 'voice_name' | 'preview_url'> & { voice_name: string };

const catalog = listBuiltinVoices().map((v) => ({ ...v, id: `tc_${v.id}`, models: modelsOf(v).map((m) => m.version) }));
const ids = (list: { voice_id: string }[]) => list.map((v) => v.voice_id).sort();
const expected = (pick: (v: (typeof catalog)[number]) => boolean) => catalog.filter(pick).map((v) => v.id).sort();

describe('voice listings', () => {
  let api: CurrentApi;
  const get = async <T>(path: string): Promise<T> => {
    const res = await api.call('GET', path);
    assert.equal(res.status, 200, `${path}: ${res.status}`);
    return (await res.json()) as T;
  };
  before(async () => {
    api = await openCurrentApi('free');
  });
  after(() => api.close());

  it('/v3/voices lists every built-in voice in the v3 shape with a working preview_url', async () => {
    const voices = await get<V3[]>('/v3/voices');
    assert.deepEqual(ids(voices), expected(() => true));
    const olivia = voices.find((v) => v.voice_name.eng === 'Olivia')!;
    assert.deepEqual(Object.keys(olivia.voice_name).sort(), ['eng', 'kor']);
    assert.equal(olivia.voice_type, 'original');
    assert.equal(olivia.gender, 'female');
    assert.deepEqual(olivia.models.map((m) => m.version), ['ssfm-v21', 'ssfm-v30', 'ssfm-v31']);
    assert.deepEqual(olivia.models[0].emotions, ['normal', 'happy', 'sad', 'angry']);
    assert.ok(olivia.preview_url?.startsWith(`${api.server.url}/previews/`), String(olivia.preview_url));
    const preview = await fetch(olivia.preview_url!);
    assert.equal(preview.status, 200);
    assert.equal(preview.headers.get('content-type'), 'audio/mpeg');
    assert.ok((await preview.arrayBuffer()).byteLength > 5000);
  });

  it('/v3/voices combines filters with AND; use_cases is a case-insensitive keyword', async () => {
    assert.deepEqual(ids(await get<V3[]>('/v3/voices?gender=female&age=teenager')), expected((v) => v.gender === 'female' && v.age === 'teenager'));
    assert.deepEqual(ids(await get<V3[]>('/v3/voices?model=ssfm-v21&gender=male')), expected((v) => v.models.includes('ssfm-v21') && v.gender === 'male'));
    assert.deepEqual(
      ids(await get<V3[]>('/v3/voices?use_cases=audiobook&age=elder')),
      expected((v) => v.useCases.some((u) => u.toLowerCase().includes('audiobook')) && v.age === 'elder'),
    );
    const reels = await get<V3[]>('/v3/voices?use_cases=REELS');
    assert.ok(reels.length > 0 && reels.every((v) => v.use_cases.includes('TikTok/Reels/Shorts')));
    assert.deepEqual(await get<V3[]>('/v3/voices?voice_type=custom'), []);
    assert.deepEqual(ids(await get<V3[]>('/v3/voices?voice_type=original&model=ssfm-v31&gender=female&age=child')), expected((v) => v.models.includes('ssfm-v31') && v.gender === 'female' && v.age === 'child'));
    assert.deepEqual(await get<V3[]>('/v3/voices?use_cases=no-such-use'), []);
  });

  it('/v2/voices combines filters with OR, as the interface document says', async () => {
    const v2 = await get<V2[]>('/v2/voices?gender=female&age=elder');
    assert.deepEqual(ids(v2), expected((v) => v.gender === 'female' || v.age === 'elder'));
    const and = await get<V3[]>('/v3/voices?gender=female&age=elder');
    assert.ok(v2.length > and.length, 'OR lists more than AND');
    assert.deepEqual(ids(await get<V2[]>('/v2/voices?model=ssfm-v21&use_cases=Anime')), expected((v) => v.models.includes('ssfm-v21') || v.useCases.includes('Anime')));
    assert.equal(typeof v2[0].voice_name, 'string');
    assert.equal(v2[0].voice_type, 'original');
    assert.ok(!('preview_url' in v2[0]));
    assert.deepEqual(ids(await get<V2[]>('/v2/voices')), expected(() => true));
  });

  it('/v2/voices?voice_id= answers an array of just that voice, or [] (the PHP client\'s getVoiceV2)', async () => {
    const [first, second] = catalog;
    const one = await get<V2[]>(`/v2/voices?voice_id=${first.id}`);
    assert.deepEqual(ids(one), [first.id]);
    assert.deepEqual(one[0], await get<V2>(`/v2/voices/${first.id}`));
    assert.deepEqual(ids(await get<V2[]>(`/v2/voices?voice_id=${second.id}`)), [second.id]);
    assert.deepEqual(await get<V2[]>('/v2/voices?voice_id=tc_ffffffffffffffffffffffff'), []);
    assert.deepEqual(await get<V2[]>('/v2/voices?voice_id=uc_ffffffffffffffffffffffff'), []);
    assert.deepEqual(await get<V2[]>('/v2/voices?voice_id='), []);
    const other = first.gender === 'male' ? 'female' : 'male';
    assert.deepEqual(await get<V2[]>(`/v2/voices?voice_id=${first.id}&gender=${other}`), [], 'the other filters still apply');
    assert.deepEqual(ids(await get<V2[]>(`/v2/voices?voice_id=${first.id}&gender=${first.gender}`)), [first.id]);
  });

  it('/v2/voices takes only enumeration labels for use_cases and only v21/v30 for model', async () => {
    for (const query of ['use_cases=anime', 'use_cases=Ani', 'model=ssfm-v31', 'gender=other', 'voice_type=cloned']) {
      const res = await api.call('GET', `/v2/voices?${query}`);
      assert.equal(res.status, 422, query);
      const body = (await res.json()) as { detail: { loc: string[]; type: string }[] };
      assert.equal(body.detail[0].loc[0], 'query');
      assert.equal(body.detail[0].loc[1], query.split('=')[0]);
    }
    assert.equal((await api.call('GET', '/v2/voices?use_cases=Tiktok/Reels')).status, 200, 'the Python client spelling');
  });

  it('single voices: v3 and v2 objects, v1 an array per model; unknown ids 404', async () => {
    const [first] = await get<V3[]>('/v3/voices?model=ssfm-v21');
    assert.deepEqual(await get<V3>(`/v3/voices/${first.voice_id}`), first);
    const v2 = await get<V2>(`/v2/voices/${first.voice_id}`);
    assert.equal(v2.voice_name, first.voice_name.eng);
    const v1 = await get<{ voice_id: string; voice_name: string; model: string; emotions: string[] }[]>(`/v1/voices/${first.voice_id}`);
    assert.deepEqual(v1.map((v) => v.model), first.models.map((m) => m.version));
    assert.deepEqual(v1[0].emotions, first.models[0].emotions);
    for (const path of ['/v3/voices/tc_ffffffffffffffffffffffff', '/v2/voices/uc_ffffffffffffffffffffffff', '/v1/voices/nonsense', '/v3/voices/%20']) {
      const res = await api.call('GET', path);
      assert.equal(res.status, 404, path);
      assert.equal(typeof ((await res.json()) as { detail: unknown }).detail, 'string');
    }
    const laterOnly = catalog.find((v) => !v.models.includes('ssfm-v21'))!;
    assert.equal((await api.call('GET', `/v1/voices/${laterOnly.id}?model=ssfm-v21`)).status, 404, 'no entry for a model the voice lacks');
  });

  it('/v1/voices has one entry per voice and model; ?model keeps that model', async () => {
    const all = await get<{ voice_id: string; model: string }[]>('/v1/voices');
    assert.equal(all.length, catalog.reduce((n, v) => n + v.models.length, 0));
    const v30 = await get<{ voice_id: string; model: string }[]>('/v1/voices?model=ssfm-v30');
    assert.deepEqual(ids(v30), expected((v) => v.models.includes('ssfm-v30')));
    assert.equal((await api.call('GET', '/v1/voices?model=non-existent-model')).status, 422);
  });

  it('/v1/voices/recommendations ranks voices by the words of the query', async () => {
    const recs = await get<{ voice_id: string; voice_name: string; score: number }[]>('/v1/voices/recommendations?query=calm%20deep%20male%20voice%20for%20news&count=3');
    assert.equal(recs.length, 3);
    assert.ok(recs[0].score >= recs[1].score && recs[1].score >= recs[2].score);
    for (const r of recs) {
      const voice = catalog.find((v) => v.id === r.voice_id)!;
      assert.equal(voice.gender, 'male', r.voice_name);
      assert.ok(voice.style.includes('deep') || voice.style.includes('calm'), r.voice_name);
    }
    const korean = await get<{ voice_id: string }[]>('/v1/voices/recommendations?query=young%20Korean%20woman');
    assert.equal(korean.length, 5, 'count defaults to 5');
    assert.equal(catalog.find((v) => v.id === korean[0].voice_id)!.language, 'kor');
    assert.equal((await get<unknown[]>('/v1/voices/recommendations?query=Olivia&count=1')).length, 1);
    assert.equal((await get<{ voice_name: string }[]>('/v1/voices/recommendations?query=Olivia&count=1'))[0].voice_name, 'Olivia');
    for (const query of ['count=3', 'query=x&count=0', 'query=x&count=11', 'query=x&count=two', 'query=']) {
      assert.equal((await api.call('GET', `/v1/voices/recommendations?${query}`)).status, 422, query);
    }
  });

  it('answers gzip to clients that ask for it, the same JSON as plain', async () => {
    const raw = (encoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { 'x-api-key': api.apiKey };
        if (encoding) headers['accept-encoding'] = encoding;
        http.get(`${api.server.url}/v3/voices?gender=male`, { headers }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) })).on('error', reject);
        });
      });
    const plain = await raw();
    const gzip = await raw('gzip, deflate');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.ok(gzip.body.length * 4 < plain.body.length);
    assert.deepEqual(JSON.parse(gunzipSync(gzip.body).toString()), JSON.parse(plain.body.toString()));
  });

  it('lists an account\'s completed custom voices first, and only to that account', async () => {
    const other = await api.server.createAccount('free');
    const mine: UsableCustomVoice = { voiceId: 'uc_0123456789abcdef01234567', name: 'My Voice', model: { version: 'ssfm-v30', emotions: ['normal'] }, language: 'eng' };
    const original = api.server.services.voiceCatalog;
    api.server.services.voiceCatalog = new VoiceCatalog({ listUsable: async (uid) => (uid === api.uid ? [mine] : []) });
    try {
      const listed = await get<V3[]>('/v3/voices');
      assert.equal(listed[0].voice_id, mine.voiceId);
      assert.deepEqual(listed[0].voice_name, { eng: 'My Voice', kor: 'My Voice' });
      assert.equal(listed[0].voice_type, 'custom');
      assert.equal(listed[0].preview_url, null);
      assert.equal(listed.length, catalog.length + 1);
      assert.deepEqual((await get<V3[]>('/v3/voices?voice_type=custom')).map((v) => v.voice_id), [mine.voiceId]);
      assert.deepEqual((await get<V3[]>('/v3/voices?gender=female')).filter((v) => v.voice_type === 'custom'), [], 'a custom voice has no gender');
      assert.equal((await get<V2[]>('/v2/voices?voice_type=custom'))[0].voice_id, mine.voiceId);
      assert.deepEqual((await get<V2[]>(`/v2/voices?voice_id=${mine.voiceId}`)).map((v) => v.voice_id), [mine.voiceId]);
      assert.deepEqual(await (await api.call('GET', `/v2/voices?voice_id=${mine.voiceId}`, { key: other.apiKey })).json(), [], 'not for another account');
      assert.equal((await get<V3>(`/v3/voices/${mine.voiceId}`)).voice_type, 'custom');
      assert.deepEqual((await get<{ model: string }[]>(`/v1/voices/${mine.voiceId}`)).map((v) => v.model), ['ssfm-v30']);
      const theirs = (await (await api.call('GET', '/v3/voices', { key: other.apiKey })).json()) as V3[];
      assert.ok(!theirs.some((v) => v.voice_id === mine.voiceId), 'invisible to another account');
      assert.equal((await api.call('GET', `/v3/voices/${mine.voiceId}`, { key: other.apiKey })).status, 404);
      assert.equal((await api.call('GET', `/v1/voices/${mine.voiceId}`, { key: other.apiKey })).status, 404);
    } finally {
      api.server.services.voiceCatalog = original;
    }
  });

  it('listing and reading never debit credits', async () => {
    for (const path of ['/v3/voices', '/v2/voices', '/v1/voices', '/v1/voices/recommendations?query=calm']) await get(path);
    const sub = await get<{ credits: { used_credits: number } }>('/v1/users/me/subscription');
    assert.equal(sub.credits.used_credits, 0);
  });
});

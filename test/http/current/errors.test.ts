import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openCurrentApi, type CurrentApi } from './current-api.js';

type Issues = { detail: { loc: (string | number)[]; msg: string; type: string }[] };

describe('current interface: authentication and error shapes', () => {
  let api: CurrentApi;
  let voice: string;
  const body = (extra: Record<string, unknown> = {}) => ({ voice_id: voice, text: 'Hello.', model: 'ssfm-v30', ...extra });
  const issues = async (res: Response, status = 422): Promise<Issues['detail']> => {
    assert.equal(res.status, status);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    const json = (await res.json()) as Issues;
    assert.ok(Array.isArray(json.detail), JSON.stringify(json));
    for (const d of json.detail) {
      assert.ok(Array.isArray(d.loc) && typeof d.msg === 'string' && typeof d.type === 'string', JSON.stringify(d));
    }
    return json.detail;
  };
  before(async () => {
    api = await openCurrentApi('plus');
    voice = await api.voiceId('Olivia');
  });
  after(() => api.close());

  it('answers 401 {detail} without a valid key on every route, before anything else is looked at', async () => {
    const routes: [string, string, string?][] = [
      ['GET', '/v3/voices'],
      ['GET', '/v3/voices/tc_ffffffffffffffffffffffff'],
      ['GET', '/v2/voices?gender=nonsense'],
      ['GET', '/v2/voices/x'],
      ['GET', '/v1/voices?model=bad'],
      ['GET', '/v1/voices/x'],
      ['GET', '/v1/voices/recommendations'],
      ['GET', '/v1/users/me/subscription'],
      ['POST', '/v1/text-to-speech', '{not json'],
      ['POST', '/v1/text-to-speech/stream', '{}'],
      ['POST', '/v1/text-to-speech/with-timestamps?granularity=bad', '[]'],
      ['POST', '/v1/text-to-speech/compose', '{"segments": []}'],
      ['GET', '/v1/no-such-route'],
      ['GET', '/v3/voices/'],
    ];
    for (const key of [null, '', 'wrong-key', `${api.apiKey}x`]) {
      for (const [method, path, raw] of routes) {
        const res = await api.call(method, path, { rawBody: raw, key });
        assert.equal(res.status, 401, `${method} ${path} with key ${JSON.stringify(key)}`);
        const json = (await res.json()) as { detail: unknown };
        assert.equal(typeof json.detail, 'string');
      }
    }
  });

  it('answers unknown routes of /v1 /v2 /v3 with 404 {detail}', async () => {
    for (const path of ['/v1/nothing', '/v2/voices/a/b', '/v3/anything']) {
      const res = await api.call('GET', path);
      assert.equal(res.status, 404, path);
      assert.deepEqual(await res.json(), { detail: 'Not Found' });
    }
  });

  it('names each schema violation in FastAPI 422 shape', async () => {
    const detail = await issues(await api.call('POST', '/v1/text-to-speech', { body: { text: 'x'.repeat(2001), model: 'ssfm-v99', seed: -1 } }));
    const byField = new Map(detail.map((d) => [d.loc.join('.'), d.type]));
    assert.equal(byField.get('body.voice_id'), 'missing');
    assert.equal(byField.get('body.text'), 'string_too_long');
    assert.equal(byField.get('body.model'), 'enum');
    assert.equal(byField.get('body.seed'), 'greater_than_equal');
    const types = await issues(await api.call('POST', '/v1/text-to-speech', { body: body({ text: 5, output: { volume: '100', audio_pitch: 1.5, audio_tempo: 3, audio_format: 'ogg' } }) }));
    assert.deepEqual(
      types.map((d) => [d.loc.join('.'), d.type]),
      [
        ['body.text', 'string_type'],
        ['body.output.volume', 'int_type'],
        ['body.output.audio_pitch', 'int_from_float'],
        ['body.output.audio_tempo', 'less_than_equal'],
        ['body.output.audio_format', 'enum'],
      ],
    );
  });

  it('rejects volume with target_lufs, unknown prompt keys and unknown emotion types', async () => {
    let d = await issues(await api.call('POST', '/v1/text-to-speech', { body: body({ output: { volume: 100, target_lufs: -16 } }) }));
    assert.deepEqual(d.map((x) => [x.loc.join('.'), x.type]), [['body.output', 'value_error']]);
    d = await issues(await api.call('POST', '/v1/text-to-speech', { body: body({ prompt: { emotion_type: 'preset', emotion_preset: 'happy', emotion_intensity: 1, style: 'x' } }) }));
    assert.deepEqual(d.map((x) => [x.loc.join('.'), x.type]), [['body.prompt.style', 'extra_forbidden']]);
    d = await issues(await api.call('POST', '/v1/text-to-speech', { body: body({ prompt: { emotion_type: 'smart', previous_text: 'a', emotion_intensity: 1 } }) }));
    assert.deepEqual(d.map((x) => [x.loc.join('.'), x.type]), [['body.prompt.emotion_intensity', 'extra_forbidden']]);
    d = await issues(await api.call('POST', '/v1/text-to-speech', { body: body({ prompt: { emotion_type: 'magic' } }) }));
    assert.deepEqual(d.map((x) => [x.loc.join('.'), x.type]), [['body.prompt.emotion_type', 'literal_error']]);
    d = await issues(await api.call('POST', '/v1/text-to-speech', { body: body({ prompt: { emotion_preset: 'ecstatic', emotion_intensity: 3 } }) }));
    assert.deepEqual(d.map((x) => [x.loc.join('.'), x.type]), [['body.prompt.emotion_preset', 'enum'], ['body.prompt.emotion_intensity', 'less_than_equal']]);
    d = await issues(await api.call('POST', '/v1/text-to-speech/stream', { body: body({ output: { volume: 100 } }) }));
    assert.deepEqual(d.map((x) => [x.loc.join('.'), x.type]), [['body.output.volume', 'extra_forbidden']], 'a stream has no volume');
  });

  it('answers 422 for bodies that are not JSON objects', async () => {
    for (const raw of ['{"voice_id": ', 'nul', '', '{"a":1}{', '\u0000']) {
      const d = await issues(await api.call('POST', '/v1/text-to-speech', { rawBody: raw }));
      assert.equal(d[0].loc[0], 'body', JSON.stringify(raw));
    }
    for (const raw of ['null', '[]', '"text"', '42']) {
      const d = await issues(await api.call('POST', '/v1/text-to-speech', { rawBody: raw }));
      assert.deepEqual(d[0].loc, ['body'], raw);
    }
    const plain = await issues(await api.call('POST', '/v1/text-to-speech', { rawBody: 'hello', headers: { 'content-type': 'text/plain' } }));
    assert.deepEqual(plain[0].loc, ['body']);
    const noBody = await issues(await api.call('POST', '/v1/text-to-speech'));
    assert.deepEqual(noBody.map((x) => [x.loc.join('.'), x.type]), [['body', 'missing']]);
  });

  it('answers 422 TEXT_NOT_SYNTHESIZABLE for text with nothing to speak, and takes no credit', async () => {
    for (const text of ['...', '!!! ???', '🙂🙂', '   ', '— · —']) {
      const res = await api.call('POST', '/v1/text-to-speech', { body: body({ text }) });
      assert.equal(res.status, 422, text);
      const json = (await res.json()) as { error_code: string; message: string };
      assert.equal(json.error_code, 'TEXT_NOT_SYNTHESIZABLE');
      assert.equal(typeof json.message, 'string');
    }
    const sub = (await (await api.call('GET', '/v1/users/me/subscription')).json()) as { credits: { used_credits: number } };
    assert.equal(sub.credits.used_credits, 0);
  });

  it('answers 404 for an unknown voice and 400 for a model or emotion the voice lacks', async () => {
    let res = await api.call('POST', '/v1/text-to-speech', { body: body({ voice_id: 'tc_ffffffffffffffffffffffff' }) });
    assert.equal(res.status, 404);
    assert.equal(typeof ((await res.json()) as { detail: unknown }).detail, 'string');
    res = await api.call('POST', '/v1/text-to-speech', { body: body({ voice_id: 'uc_ffffffffffffffffffffffff' }) });
    assert.equal(res.status, 404, 'an unknown custom voice');
    const mia = await api.voiceId('Mia');
    res = await api.call('POST', '/v1/text-to-speech', { body: body({ voice_id: mia, model: 'ssfm-v21' }) });
    assert.equal(res.status, 400, 'Mia has no ssfm-v21');
    assert.match(((await res.json()) as { detail: string }).detail, /ssfm-v21/);
    res = await api.call('POST', '/v1/text-to-speech', { body: body({ model: 'ssfm-v21', prompt: { emotion_preset: 'whisper' } }) });
    assert.equal(res.status, 400, 'no whisper on ssfm-v21');
    res = await api.call('POST', '/v1/text-to-speech', { body: body({ model: 'ssfm-v21', prompt: { emotion_type: 'preset', emotion_preset: 'happy' } }) });
    assert.equal(res.status, 400, 'the preset prompt needs ssfm-v30 or later');
  });

  it('takes ISO 639-3 language codes in any case and refuses others with 422', async () => {
    for (const language of ['eng', 'ENG', 'Eng']) {
      assert.equal((await api.call('POST', '/v1/text-to-speech', { body: body({ language }) })).status, 200, language);
    }
    for (const language of ['en', 'english', 'xxx', '']) {
      const d = await issues(await api.call('POST', '/v1/text-to-speech', { body: body({ language }) }));
      assert.deepEqual(d[0].loc, ['body', 'language'], language);
    }
  });

  it('refuses names of Object.prototype as languages on every synthesis route, never a 500', async () => {
    for (const path of ['/v1/text-to-speech', '/v1/text-to-speech/stream', '/v1/text-to-speech/with-timestamps']) {
      for (const language of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const d = await issues(await api.call('POST', path, { body: body({ language }) }));
        assert.deepEqual(d[0].loc, ['body', 'language'], `${path} ${language}`);
      }
    }
  });
});

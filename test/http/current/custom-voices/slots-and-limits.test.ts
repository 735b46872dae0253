import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Pcm } from '../../../../src/synthesis/audio.js';
import { resample } from '../../../../src/synthesis/dsp/resample.js';
import { repeated } from '../../../synthesis/adaptation/clone-fixture.js';
import { head, openCustomVoiceServer, type CustomVoiceServer } from './fixture.js';

describe('custom voice slots, clones at once, and the professional form over HTTP', () => {
  let cv: CustomVoiceServer;
  let reading: Pcm;
  let sample: Uint8Array;
  before(async () => {
    cv = await openCustomVoiceServer({ startQueue: false });
    reading = await cv.speaker();
    sample = cv.wav(head(reading, 8));
  });
  after(() => cv.close());

  it('every route is in /openapi.json, the clone forms as multipart/form-data', async () => {
    type Op = { requestBody?: { content: Record<string, { schema: { required: string[] } }> }; responses: Record<string, unknown>; deprecated?: boolean };
    const doc = (await (await cv.call('GET', '/openapi.json', null)).json()) as { paths: Record<string, Record<string, Op>> };
    const expected: [string, string, string[], string[] | null][] = [
      ['/v1/voices/clone', 'post', ['200', '400', '401', '403', '422', '429'], ['file', 'name', 'model']],
      ['/v1/custom-voices/instant-clone', 'post', ['200', '400', '401', '403', '422', '429'], ['file', 'name', 'model']],
      ['/v1/custom-voices/professional-clone', 'post', ['200', '400', '401', '403', '422', '429'], ['name', 'model', 'language', 'files']],
      ['/v1/custom-voices', 'get', ['200', '401'], null],
      ['/v1/custom-voices/{voice_id}', 'get', ['200', '401', '404'], null],
      ['/v1/custom-voices/{voice_id}', 'delete', ['204', '401', '404'], null],
      ['/v1/voices/{voice_id}', 'delete', ['204', '401', '404'], null],
    ];
    for (const [route, method, statuses, form] of expected) {
      const op = doc.paths[route]?.[method];
      assert.ok(op, `${method} ${route}`);
      assert.deepEqual(Object.keys(op.responses).sort(), statuses, route);
      if (form) assert.deepEqual(op.requestBody!.content['multipart/form-data'].schema.required, form, route);
    }
    assert.equal(doc.paths['/v1/voices/clone'].post.deprecated, true);
  });

  it('403 once every slot is used; a deleted voice frees its slot at once', async () => {
    const { apiKey } = await cv.server.createAccount('free'); // one slot
    const first = await cv.clone(apiKey, { file: { bytes: sample }, name: 'one', model: 'ssfm-v21' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const full = await cv.clone(apiKey, { file: { bytes: sample }, name: 'two', model: 'ssfm-v21' });
    assert.equal(full.status, 403);
    assert.match(full.body.detail, /slot/);
    assert.equal((await cv.call('DELETE', `/v1/voices/${first.body.voice_id}`, apiKey)).status, 204);
    const third = await cv.clone(apiKey, { file: { bytes: sample }, name: 'three', model: 'ssfm-v21' });
    assert.equal(third.status, 200, 'the slot was free at once');
    assert.deepEqual(((await cv.json('GET', '/v1/custom-voices', apiKey)).body as { name: string }[]).map((v) => v.name), ['three']);
  });

  it('429 when one account runs more clones at once than its plan allows', async () => {
    const plans = cv.server.services.plans;
    await plans.create({ ...(await plans.require('lite')), name: 'one-at-a-time', maxConcurrentClones: 1, customVoiceSlot: 10 });
    const { apiKey } = await cv.server.createAccount('one-at-a-time');
    const long = cv.wav(head(reading, 25));
    // The first clone is held at its calibration (rendered in the synthesis pool), so it is surely
    // in progress, holding the account's one clone at a time, when the second one arrives.
    const pool = cv.server.services.pool;
    const render = pool.renderSentence.bind(pool);
    let calibrating!: () => void;
    const firstCalibrates = new Promise<void>((resolve) => (calibrating = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    pool.renderSentence = async (task) => {
      calibrating();
      await released;
      return render(task);
    };
    try {
      const first = cv.clone(apiKey, { file: { bytes: long }, name: 'v0', model: 'ssfm-v30' });
      await firstCalibrates;
      const second = await cv.clone(apiKey, { file: { bytes: long }, name: 'v1', model: 'ssfm-v30' });
      assert.equal(second.status, 429, JSON.stringify(second.body));
      assert.match(second.body.detail, /at once/);
      release();
      assert.equal((await first).status, 200);
    } finally {
      release();
      pool.renderSentence = render;
    }
    // Another account is not held up by this one.
    const other = (await cv.server.createAccount('one-at-a-time')).apiKey;
    const both = await Promise.all([cv.clone(apiKey, { file: { bytes: long }, name: 'a', model: 'ssfm-v30' }), cv.clone(other, { file: { bytes: long }, name: 'b', model: 'ssfm-v30' })]);
    assert.deepEqual(both.map((a) => a.status), [200, 200]);
    await cv.server.services.customVoices.idle();
    assert.deepEqual(cv.leftovers(), []);
  });

  it('professional clone: fields (422), recording checks (400) and professional slots (403) before anything is queued', async () => {
    const { apiKey, uid } = await cv.server.createAccount('custom');
    const minute = cv.wav(head(reading, 20));
    const post = (fields: Record<string, string | { bytes: Uint8Array } | undefined>, key = apiKey) =>
      cv.clone(key, { name: 'Narrator', model: 'ssfm-v30', language: 'eng', ...fields }, '/v1/custom-voices/professional-clone');
    const missing = await post({ language: undefined, files: undefined });
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.detail.map((i: { loc: string[] }) => i.loc[1]), ['language', 'files']);
    const unknown = await post({ language: 'xx', files: { bytes: minute } });
    assert.equal(unknown.status, 422);
    assert.deepEqual(unknown.body.detail[0].loc, ['body', 'language']);
    assert.equal(unknown.body.detail[0].type, 'value_error');
    const short = await post({ files: { bytes: minute } });
    assert.equal(short.status, 400);
    assert.match(short.body.detail, /at least 300 s/);
    const lowRate = cv.wav(repeated(await resample(head(reading, 20), 8000), 301));
    const coarse = await post({ files: { bytes: lowRate } });
    assert.equal(coarse.status, 400);
    assert.match(coarse.body.detail, /16000 Hz/);
    const fiveMinutes = cv.wav(repeated(reading, 301));
    const lite = (await cv.server.createAccount('lite')).apiKey; // no professional slot
    const refused = await post({ files: { bytes: fiveMinutes } }, lite);
    assert.equal(refused.status, 403);
    const accepted = await post({ files: { bytes: fiveMinutes } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.deepEqual(Object.keys(accepted.body), ['voice_id', 'name', 'model', 'status']);
    assert.equal(accepted.body.status, 'pending');
    // Not trained yet (the queue is not running here): listed as pending, not in /v3/voices, not usable.
    const listed = (await cv.json('GET', '/v1/custom-voices', apiKey)).body;
    assert.deepEqual([listed[0].voice_id, listed[0].source, listed[0].status], [accepted.body.voice_id, 'professional', 'pending']);
    assert.ok(!((await cv.json('GET', '/v3/voices', apiKey)).body as { voice_id: string }[]).some((v) => v.voice_id === accepted.body.voice_id));
    const early = await cv.json('POST', '/v1/text-to-speech', apiKey, { voice_id: accepted.body.voice_id, text: 'Not yet.', model: 'ssfm-v30' });
    assert.equal(early.status, 404);
    assert.equal((await cv.blobKeys(`custom-voices/${uid}/`)).length, 1, 'the recording is stored for the training job');
    assert.equal((await cv.call('DELETE', `/v1/custom-voices/${accepted.body.voice_id}`, apiKey)).status, 204);
    assert.deepEqual(await cv.blobKeys(`custom-voices/${uid}/`), []);
    assert.deepEqual(cv.leftovers(), []);
  });
});

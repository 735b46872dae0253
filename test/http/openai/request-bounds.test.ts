import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../test-server.js';

/** `model` and `speed` of POST /v1/audio/speech: only documented values, refused in OpenAI's shape, never a 500. */
describe('OpenAI speech: model names and speed bounds', () => {
  let server: TestServer;
  let apiKey: string;
  let uid: string;
  before(async () => {
    server = await startTestServer({ startQueue: false });
    ({ apiKey, uid } = await server.createAccount('plus'));
  });
  after(() => server.close());

  const speech = (raw: string) =>
    fetch(`${server.url}/v1/audio/speech`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: raw });
  const refusal = async (raw: string, param: string) => {
    const res = await speech(raw);
    const body = (await res.json()) as { error: { message: string; type: string; param: string | null; code: string | null } };
    assert.equal(res.status, 400, `${raw}: ${JSON.stringify(body)}`);
    assert.equal(body.error.type, 'invalid_request_error', raw);
    assert.equal(body.error.param, param, raw);
    assert.equal(typeof body.error.message, 'string');
    return body.error;
  };

  it('a model that is not a documented name is a 400 listing the names (__proto__, constructor, toString, case)', async () => {
    for (const model of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'TTS-1', 'tts-2', '']) {
      const error = await refusal(JSON.stringify({ model, input: 'Hello.', voice: 'alloy' }), 'model');
      if (model) assert.match(error.message, /'tts-1', 'tts-1-hd', 'gpt-4o-mini-tts', 'ssfm-v21', 'ssfm-v30', 'ssfm-v31'/);
    }
    assert.equal((await server.services.accounts.require(uid)).usedCredits, 0, 'nothing charged');
  });

  it('speed must be a finite number from 0.25 to 4: "Infinity", 1e309, "NaN", -1, 4.01, 0 are 400s', async () => {
    for (const speed of ['"Infinity"', '"-Infinity"', '1e309', '-1e309', '"NaN"', '-1', '0', '0.24', '4.01', '"fast"', 'null', '[]', '{}']) {
      await refusal(`{"model":"tts-1","input":"Hello.","voice":"alloy","speed":${speed}}`, 'speed');
    }
    assert.equal((await server.services.accounts.require(uid)).usedCredits, 0, 'nothing charged');
    for (const speed of ['0.25', '4', '1.5']) {
      const res = await speech(`{"model":"tts-1","input":"Hello.","voice":"alloy","response_format":"pcm","speed":${speed}}`);
      assert.equal(res.status, 200, speed);
      assert.ok((await res.arrayBuffer()).byteLength > 0);
    }
  });
});

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { voiceIdFromSlug } from '../../../../src/synthesis/catalog/builtin-voices.js';
import { findVoiceByAnyName } from '../../../../src/synthesis/catalog/find-voice.js';
import { startTestServer, type TestServer } from '../../../http/test-server.js';
import { tempModelsDir, writeTinyVoice } from './tiny-voice.js';

/**
 * A model that was listed and then broke (overwritten, truncated, a disk fault): every synthesis
 * route answers 503 in its interface's shape with a Retry-After, naming no server path, and the
 * server goes on serving the other voices. Never a 500.
 */
describe('a neural voice whose model breaks after it was listed', () => {
  const models = tempModelsDir();
  const name = 'en_US-broken-x_low';
  const hex = voiceIdFromSlug(`piper:${name}`);
  let server: TestServer;
  let account: { apiKey: string; apiToken: string };

  before(async () => {
    const onnx = writeTinyVoice(models.dir, name);
    server = await startTestServer({ startQueue: false, env: { MODELS_DIR: models.dir } });
    account = await server.createAccount('custom');
    const listed = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': account.apiKey } })).json()) as { voice_id: string }[];
    assert.ok(listed.some((v) => v.voice_id === `tc_${hex}`), 'the voice is listed while its model is whole');
    // Broken before any thread loaded it: not an ONNX graph any more.
    writeFileSync(onnx, Buffer.from('this is no longer a model'));
  });

  after(async () => {
    await server.close();
    models.remove();
  });

  const post = (route: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${server.url}${route}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('the current interface answers 503 {detail} with Retry-After', async () => {
    const res = await post('/v1/text-to-speech', { 'x-api-key': account.apiKey }, { voice_id: `tc_${hex}`, model: 'ssfm-v30', text: 'Hello there.' });
    const text = await res.text();
    assert.equal(res.status, 503, text);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.match(JSON.parse(text).detail, /model cannot be used/);
    assert.ok(!text.includes(models.dir), 'no server path in the answer');
  });

  it('the earlier interface answers 503 app/service-unavailable', async () => {
    const res = await post('/api/text-to-speech', { authorization: `Bearer ${account.apiToken}` }, { text: 'Hello there.', lang: 'eng', actor_id: hex });
    const body = (await res.json()) as { message?: { error_code?: string } };
    assert.equal(res.status, 503, JSON.stringify(body));
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.equal(body.message?.error_code, 'app/service-unavailable');
  });

  it('the OpenAI route answers 503 server_error', async () => {
    const res = await post('/v1/audio/speech', { authorization: `Bearer ${account.apiKey}` }, { model: 'tts-1', voice: `tc_${hex}`, input: 'Hello there.' });
    const body = (await res.json()) as { error?: { type?: string; code?: string } };
    assert.equal(res.status, 503, JSON.stringify(body));
    assert.equal(body.error?.type, 'server_error');
    assert.equal(body.error?.code, 'voice_unavailable');
  });

  it('the other voices still speak', async () => {
    const res = await post('/v1/text-to-speech', { 'x-api-key': account.apiKey }, { voice_id: `tc_${findVoiceByAnyName('eng-olivia')!.id}`, model: 'ssfm-v30', text: 'Still here.' });
    assert.equal(res.status, 200, await res.clone().text());
  });
});

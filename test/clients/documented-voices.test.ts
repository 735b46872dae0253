import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { emotionsOf } from '../../src/synthesis/catalog/voice-models.js';
import { ttsModels } from '../../src/synthesis/catalog/voice-types.js';
import { decodeMp3 } from '../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../src/synthesis/decoders/wav.js';
import { earlierClient, pollUntilFinished } from '../http/earlier/earlier-client.js';
import { startTestServer, type TestServer } from '../http/test-server.js';
import { documentedIds } from './documented-ids.js';

interface V3 {
  voice_id: string;
  voice_name: Record<string, string>;
  models: { version: string; emotions: string[] }[];
  preview_url: string | null;
}

describe('the voice ids of the official documentation are real voices and actors', () => {
  let server: TestServer;
  let apiKey: string;
  let apiToken: string;
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': apiKey } });
    assert.equal(res.status, 200, path);
    return (await res.json()) as T;
  };
  before(async () => {
    server = await startTestServer();
    ({ apiKey, apiToken } = await server.createAccount('plus'));
  });
  after(() => server.close());

  it('/v3, /v2 and /v1 list them with eng and kor names, ssfm-v21 and ssfm-v30, every emotion of each model', async () => {
    const v3 = await get<V3[]>('/v3/voices');
    const v2 = await get<{ voice_id: string; voice_name: string; models: { version: string }[] }[]>('/v2/voices');
    const v1 = await get<{ voice_id: string; model: string; emotions: string[] }[]>('/v1/voices');
    for (const id of documentedIds) {
      const voice = v3.find((v) => v.voice_id === id);
      assert.ok(voice, `${id} in /v3/voices`);
      assert.ok(voice.voice_name.eng.length > 0 && voice.voice_name.kor.length > 0, id);
      assert.match(voice.voice_name.kor, /\p{Script=Hangul}/u);
      for (const model of ['ssfm-v21', 'ssfm-v30'] as const) {
        const entry: V3['models'][number] | undefined = voice.models.find((m) => m.version === model);
        assert.deepEqual(entry?.emotions, [...emotionsOf(model)], `${id} ${model}`);
        assert.deepEqual(v1.find((v) => v.voice_id === id && v.model === model)?.emotions, [...emotionsOf(model)], `/v1 ${id} ${model}`);
      }
      assert.deepEqual(v2.find((v) => v.voice_id === id)?.models.map((m) => m.version), ['ssfm-v21', 'ssfm-v30']);
      // Detail routes, and the v2 filter by id.
      assert.deepEqual(await get<V3>(`/v3/voices/${id}`), voice);
      assert.equal((await get<{ voice_name: string }>(`/v2/voices/${id}`)).voice_name, voice.voice_name.eng);
      assert.deepEqual((await get<{ model: string }[]>(`/v1/voices/${id}`)).map((v) => v.model), voice.models.map((m) => m.version));
      assert.deepEqual((await get<{ voice_id: string }[]>(`/v2/voices?voice_id=${id}`)).map((v) => v.voice_id), [id]);
      // A preview that decodes to speech.
      const preview = await fetch(voice.preview_url!);
      assert.equal(preview.status, 200, voice.preview_url!);
      const pcm = await decodeMp3(new Uint8Array(await preview.arrayBuffer()));
      assert.ok(pcm.samples.length / pcm.sampleRate > 1.5, `${id} preview`);
    }
    assert.equal(new Set(v3.map((v) => v.voice_name.eng)).size, v3.length, 'names stay unique');
  });

  it('speaks with each on every model, answering decodable audio', async () => {
    for (const id of documentedIds) {
      for (const model of ttsModels) {
        const res = await fetch(`${server.url}/v1/text-to-speech`, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ voice_id: id, model, text: 'Hello there! I am a documented voice.', prompt: { emotion_preset: 'happy' } }),
        });
        assert.equal(res.status, 200, `${id} ${model}`);
        const pcm = decodeWav(new Uint8Array(await res.arrayBuffer()));
        assert.ok(pcm.samples.length / pcm.sampleRate > 1, `${id} ${model}`);
      }
    }
  });

  it('the same 24 hex digits are actors of the earlier interface, with versions, and speak', async () => {
    const client = earlierClient(server, apiToken);
    const actors = await client.get('/api/actor');
    assert.equal(actors.status, 200);
    for (const id of documentedIds) {
      const actorId = id.slice(3);
      const actor = actors.body.result.find((a: { actor_id: string }) => a.actor_id === actorId);
      assert.ok(actor, `actor ${actorId}`);
      assert.ok(actor.name.en.length > 0 && actor.name.ko.length > 0);
      const versions = await client.get(`/api/actor/${actorId}/versions`);
      assert.equal(versions.status, 200, JSON.stringify(versions.body));
      assert.ok(versions.body.result.length >= 2);
      const created = await client.post('/api/speak', { text: 'Hello from the earlier interface.', lang: 'auto', actor_id: actorId, xapi_audio_format: 'wav', model_version: 'latest' });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const result = await pollUntilFinished(client, created.body.result.speak_v2_url, 200);
      assert.equal(result.status, 'done');
      const pcm = decodeWav(new Uint8Array(await (await fetch(result.audio_download_url)).arrayBuffer()));
      assert.ok(pcm.samples.length / pcm.sampleRate > 1);
    }
  });

  it('the mapping is documented', async () => {
    const doc = await readFile(new URL('../../../docs/current-interface.md', import.meta.url), 'utf8');
    for (const id of documentedIds) assert.match(doc, new RegExp(`\\| \`${id}\` \\|`));
  });
});

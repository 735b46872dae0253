import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TypecastClient } from '@neosapience/typecast-js';
import { decodeMp3 } from '../../src/synthesis/decoders/mp3.js';
import { earlierClient, pollUntilFinished } from '../http/earlier/earlier-client.js';
import { startTestServer, type TestServer } from '../http/test-server.js';

type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };

/**
 * MP3 answers of the current interface say `audio/mp3`, as the real service does: the official JS
 * client takes the format from the subtype. The earlier interface's answers and downloads keep
 * `audio/mpeg`.
 */
describe('MP3 content type: audio/mp3 on the current interface, audio/mpeg on earlier downloads', () => {
  let server: TestServer;
  let apiKey: string;
  let apiToken: string;
  let voiceId: string;
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  before(async () => {
    server = await startTestServer();
    ({ apiKey, apiToken } = await server.createAccount('plus'));
    const voices = (await (await fetch(`${server.url}/v3/voices?model=ssfm-v21`, { headers: { 'x-api-key': apiKey } })).json()) as { voice_id: string }[];
    voiceId = voices[0].voice_id;
  });
  after(() => server.close());

  it('the official JS client reports format "mp3" and the bytes decode as MP3', async () => {
    const client = new TypecastClient({ baseHost: server.url, apiKey });
    const audio = await client.textToSpeech({ text: 'An MP3 file, named as one.', voice_id: voiceId, model: 'ssfm-v21', output: { audio_format: 'mp3' } });
    assert.equal(audio.format, 'mp3');
    const pcm = await decodeMp3(new Uint8Array(audio.audioData));
    assert.ok(pcm.samples.length / pcm.sampleRate > 0.5);
    const wav = await client.textToSpeech({ text: 'And a WAV file.', voice_id: voiceId, model: 'ssfm-v21' });
    assert.equal(wav.format, 'wav');
  });

  it('every current audio route answers audio/mp3 for MP3 and audio/wav for WAV', async () => {
    const speech = { voice_id: voiceId, model: 'ssfm-v21', text: 'One sentence. And another.' };
    const cases: [string, unknown, string][] = [
      ['/v1/text-to-speech', { ...speech, output: { audio_format: 'mp3' } }, 'audio/mp3'],
      ['/v1/text-to-speech', speech, 'audio/wav'],
      ['/v1/text-to-speech/stream', { ...speech, output: { audio_format: 'mp3' } }, 'audio/mp3'],
      ['/v1/text-to-speech/stream', speech, 'audio/wav'],
      ['/v1/text-to-speech/compose', { audio_format: 'mp3', segments: [{ type: 'tts', ...speech }] }, 'audio/mp3'],
    ];
    for (const [path, body, type] of cases) {
      const res = await post(path, body);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('content-type'), type, path);
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (type === 'audio/mp3') assert.ok((await decodeMp3(bytes)).samples.length > 0, path);
    }
    const timed = await post('/v1/text-to-speech/with-timestamps', { ...speech, output: { audio_format: 'mp3' } });
    assert.equal(((await timed.json()) as { audio_format: string }).audio_format, 'mp3');
  });

  it('the earlier interface keeps audio/mpeg, answered at once and downloaded', async () => {
    const client = earlierClient(server, apiToken);
    const actorId = voiceId.slice(3);
    const now = await client.post('/api/text-to-speech', { text: 'Hi there.', lang: 'auto', actor_id: actorId, xapi_audio_format: 'mp3', model_version: 'latest' });
    assert.equal(now.status, 200);
    assert.equal(now.headers.get('content-type'), 'audio/mpeg');
    const created = await client.post('/api/speak', { text: 'Downloaded later.', lang: 'auto', actor_id: actorId, xapi_audio_format: 'mp3', model_version: 'latest' });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const result = await pollUntilFinished(client, created.body.result.speak_v2_url, 200);
    const download = await fetch(result.audio_download_url);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'audio/mpeg');
    assert.ok((await decodeMp3(new Uint8Array(await download.arrayBuffer()))).samples.length > 0);
  });

  it('the OpenAPI document names audio/mp3 for the current audio routes', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi;
    for (const path of ['/v1/text-to-speech', '/v1/text-to-speech/stream', '/v1/text-to-speech/compose']) {
      const content = Object.keys(doc.paths[path].post.responses['200'].content ?? {}).sort();
      assert.deepEqual(content, ['audio/mp3', 'audio/wav'], path);
    }
  });
});

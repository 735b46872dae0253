import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { decodeAudio } from '../../../src/synthesis/decoders/decode-audio.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, pollUntilFinished, type EarlierClient } from './earlier-client.js';

const semitones = (from: number, to: number) => 12 * Math.log2(to / from);
const sampleText =
  'This is my own voice, recorded for the upload. It should be long enough to hear its pitch clearly. ' +
  'I read a few sentences, at my usual pace, so that the way I speak can be measured. Then the server speaks any text the way I do.';

describe('speak resources: signed upload, then tts_mode audio_file', () => {
  const clock = new ManualClock(Date.UTC(2026, 3, 1));
  let server: TestServer;
  let client: EarlierClient;
  before(async () => {
    server = await startTestServer({ clock });
    client = earlierClient(server, (await server.createAccount('plus')).apiToken);
  });
  after(() => server.close());

  /** A voice sample made by the server itself: a built-in voice at a chosen pitch, in WAV or MP3. */
  async function sample(voice: string, pitch: number, format: 'wav' | 'mp3') {
    const answer = await client.post('/api/text-to-speech', { text: sampleText, lang: 'en-us', actor_id: findVoiceByAnyName(voice)!.id, pitch, xapi_audio_format: format, model_version: 'v1' });
    assert.equal(answer.status, 200);
    return { bytes: answer.bytes, f0: (await f0Stats(await decodeAudio(answer.bytes))).median };
  }

  async function slot(format: string) {
    const answer = await client.post('/api/speak/resource', { audio_format: format });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const { speak_resource_id, presigned_url } = answer.body.result;
    assert.match(speak_resource_id, /^[0-9a-f]{24}$/);
    assert.ok(presigned_url.startsWith(`${server.url}/files/speak-resource/${speak_resource_id}?expires=`));
    return { id: speak_resource_id as string, url: presigned_url as string };
  }

  const put = (url: string, bytes: Uint8Array, type: string | null = 'application/octet-stream') =>
    fetch(url, { method: 'PUT', body: bytes as unknown as BodyInit, headers: type === null ? {} : { 'content-type': type } });

  async function speakWith(resourceId: string, lang = 'fr-fr') {
    const created = await client.post('/api/speak', { text: 'Bonjour, je parle avec la voix envoyée.', tts_mode: 'audio_file', speak_resource_id: resourceId, lang });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const result = await pollUntilFinished(client, created.body.result.speak_v2_url, 100);
    assert.equal(result.status, 'done');
    const audio = await fetch(result.audio_download_url);
    return (await f0Stats(await decodeAudio(new Uint8Array(await audio.arrayBuffer())))).median;
  }

  it('a high and a low voice upload (WAV, MP3) speak other text at their own pitch (the custom-voice adaptation)', async () => {
    const high = await sample('eng-emma', 3, 'wav');
    const low = await sample('eng-henry', -3, 'mp3');
    for (const [format, recorded] of [['wav', high], ['mp3', low]] as const) {
      const { id, url } = await slot(format);
      const uploaded = await put(url, recorded.bytes, format === 'wav' ? 'audio/wav' : 'audio/mpeg');
      assert.equal(uploaded.status, 200);
      const started = Date.now();
      const spoken = await speakWith(id);
      const first = Date.now() - started;
      const again = Date.now();
      const second = await speakWith(id);
      const cachedMs = Date.now() - again;
      const off = semitones(recorded.f0, spoken);
      console.log(`${format}: sample ${recorded.f0.toFixed(1)} Hz, speech ${spoken.toFixed(1)} Hz (${off.toFixed(2)} st); first speak ${first} ms (profile built), second ${cachedMs} ms (cached)`);
      assert.ok(Math.abs(off) <= 1, `${format}: sample ${recorded.f0.toFixed(1)} Hz, speech ${spoken.toFixed(1)} Hz (${off.toFixed(2)} st)`);
      assert.ok(Math.abs(semitones(spoken, second)) < 0.1, 'the cached profile speaks the same');
      const row = await server.services.store.db.selectFrom('speak_resources').select('analysis').where('id', '=', id).executeTakeFirstOrThrow();
      assert.ok(JSON.parse(row.analysis!).profile, 'the profile is cached with the resource');
    }
    assert.ok(semitones(low.f0, high.f0) > 12, `the two samples are far apart: ${low.f0.toFixed(1)} / ${high.f0.toFixed(1)} Hz`);
  });

  it('a sample with too little speech is refused at once with the reason', async () => {
    const answer = await client.post('/api/text-to-speech', { text: 'Hi.', lang: 'en-us', actor_id: findVoiceByAnyName('eng-emma')!.id, model_version: 'v1' });
    const { id, url } = await slot('wav');
    assert.equal((await put(url, answer.bytes)).status, 200);
    const refused = await client.post('/api/speak', { text: 'Hello there.', tts_mode: 'audio_file', speak_resource_id: id, lang: 'eng' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message.error_code, 'app/invalid/speak_resource_id');
    assert.match(refused.body.message.msg, /voiced speech|at least/);
  });

  it('the upload URL: signature and expiry (1 h), declared format, size limit', async () => {
    const recorded = await sample('eng-olivia', 0, 'wav');
    const { id, url } = await slot('wav');
    const unsigned = url.split('?')[0];
    const put401 = await put(unsigned, recorded.bytes);
    assert.equal(put401.status, 401);
    assert.equal((await put401.json()).message.error_code, 'auth/not-authorized');
    assert.equal((await put(url.replace(/signature=./, 'signature=x'), recorded.bytes)).status, 401);
    const mp3 = await sample('eng-olivia', 0, 'mp3');
    const wrong = await put(url, mp3.bytes);
    assert.equal(wrong.status, 400);
    assert.equal((await wrong.json()).message.error_code, 'app/invalid/audio_format');
    const tooBig = await put(url, Buffer.concat([recorded.bytes, Buffer.alloc(25 * 1024 * 1024)]));
    assert.equal(tooBig.status, 413);
    // Nothing uploaded yet: the resource cannot speak.
    const early = await client.post('/api/speak', { text: 'Hi', tts_mode: 'audio_file', speak_resource_id: id, lang: 'auto' });
    assert.equal(early.body.message.error_code, 'app/invalid/speak_resource_id');
    clock.advance(3600 * 1000 + 1000);
    assert.equal((await put(url, recorded.bytes)).status, 401, 'expired after an hour');
    const fresh = await slot('wav');
    assert.equal((await put(fresh.url, recorded.bytes, null)).status, 200, 'no content type');
    assert.equal((await put(fresh.url, recorded.bytes, 'text/plain')).status, 200, 'any content type');
    // Another account cannot speak with it.
    const other = earlierClient(server, (await server.createAccount('plus')).apiToken);
    const stolen = await other.post('/api/speak', { text: 'Hi', tts_mode: 'audio_file', speak_resource_id: fresh.id, lang: 'auto' });
    assert.equal(stolen.body.message.error_code, 'app/invalid/speak_resource_id');
    // audio_file mode has its own language list.
    const badLang = await client.post('/api/speak', { text: 'Hi', tts_mode: 'audio_file', speak_resource_id: fresh.id, lang: 'tha' });
    assert.equal(badLang.body.message.error_code, 'app/invalid/lang');
  });

  it('m4a is accepted for upload but cannot be spoken yet (said so, 400)', async () => {
    const { id, url } = await slot('m4a');
    const m4a = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A \0\0\0\0M4A isom', 'latin1'), Buffer.alloc(4000)]);
    assert.equal((await put(url, m4a, 'audio/mp4')).status, 200);
    const answer = await client.post('/api/speak', { text: 'Hi there', tts_mode: 'audio_file', speak_resource_id: id, lang: 'auto' });
    assert.equal(answer.status, 400);
    assert.equal(answer.body.message.error_code, 'app/unsupported/audio_format');
  });
});

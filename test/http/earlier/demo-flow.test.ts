import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { parseMpegFrameHeader } from '../../../src/synthesis/decoders/mpeg-frame-header.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, pollUntilFinished } from './earlier-client.js';

/** WAV header fields read straight from the bytes: format tag, channels, rate, bits. */
function wavHeader(bytes: Buffer) {
  assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
  assert.equal(bytes.subarray(8, 12).toString('latin1'), 'WAVE');
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.subarray(at, at + 4).toString('latin1');
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      return { tag: bytes.readUInt16LE(at + 8), channels: bytes.readUInt16LE(at + 10), rate: bytes.readUInt32LE(at + 12), bits: bytes.readUInt16LE(at + 22) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no fmt chunk');
}

describe('the public demo client flow: actors → speak → poll every second → download without credentials → decode', () => {
  let server: TestServer;
  let client: ReturnType<typeof earlierClient>;
  let actorId: string;
  before(async () => {
    server = await startTestServer();
    const account = await server.createAccount('plus');
    client = earlierClient(server, account.apiToken);
    const actors = await client.get('/api/actor');
    assert.equal(actors.status, 200);
    assert.ok(actors.body.result.length >= 40);
    for (const actor of actors.body.result) {
      assert.match(actor.actor_id, /^[0-9a-f]{24}$/);
      assert.equal(typeof actor.name.en, 'string');
      assert.equal(typeof actor.name.ko, 'string');
    }
    actorId = actors.body.result.find((a: any) => a.name.en === 'Olivia').actor_id;
  });
  after(() => server.close());

  const cases = [
    { format: 'wav', hd: false, rate: 16000, tag: 1 },
    { format: 'wav', hd: true, rate: 44100, tag: 1 },
    { format: 'mu-law', hd: true, rate: 8000, tag: 7 },
    { format: 'mp3', hd: false, rate: 16000, tag: 0 },
    { format: 'mp3', hd: true, rate: 44100, tag: 0 },
  ];
  for (const c of cases) {
    it(`${c.format}, xapi_hd ${c.hd} → ${c.rate} Hz`, async () => {
      const created = await client.post('/api/speak', {
        text: 'Good morning! The demo client polls once a second until the speech is ready.',
        lang: 'auto',
        actor_id: actorId,
        xapi_hd: c.hd,
        xapi_audio_format: c.format,
        model_version: 'latest',
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { speak_url, speak_v2_url, play_id } = created.body.result;
      assert.equal(play_id, '');
      assert.match(speak_v2_url, new RegExp(`^${server.url}/api/speak/v2/[0-9a-f]{24}$`));
      assert.equal(speak_url, speak_v2_url.replace('/v2/', '/'));
      const first = await client.get(new URL(speak_v2_url).pathname);
      if (first.body.result.status === 'progress') assert.equal(first.body.result.audio_download_url, null);
      const result = await pollUntilFinished(client, speak_v2_url, 1000);
      assert.equal(result.status, 'done');
      assert.equal(result._id, new URL(speak_v2_url).pathname.split('/').pop());
      assert.equal(result.text_count, 76);
      // Downloaded with no credentials at all.
      const download = await fetch(result.audio_download_url);
      assert.equal(download.status, 200);
      const bytes = Buffer.from(await download.arrayBuffer());
      if (c.format === 'mp3') {
        assert.equal(download.headers.get('content-type'), 'audio/mpeg');
        const pcm = await decodeMp3(bytes);
        assert.equal(pcm.sampleRate, c.rate);
        // MP3 keeps LAME's 1105-sample delay and up to two frames of end padding (no LAME tag).
        assert.ok(Math.abs(pcm.samples.length / pcm.sampleRate - result.duration) < 0.15, `${pcm.samples.length / pcm.sampleRate} vs ${result.duration}`);
        const offset = bytes.indexOf(0xff);
        assert.equal(parseMpegFrameHeader(bytes, offset)?.sampleRate, c.rate);
      } else {
        assert.equal(download.headers.get('content-type'), 'audio/wav');
        const header = wavHeader(bytes);
        assert.equal(header.tag, c.tag);
        assert.equal(header.rate, c.rate);
        assert.equal(header.channels, 1);
        assert.equal(header.bits, c.tag === 7 ? 8 : 16);
        const pcm = decodeWav(bytes);
        assert.ok(Math.abs(pcm.samples.length / pcm.sampleRate - result.duration) < 0.01);
        assert.ok(result.duration > 2 && result.duration < 10, `duration ${result.duration}`);
      }
      // The deprecated read agrees.
      const old = await client.get(new URL(speak_url).pathname);
      assert.equal(old.body.result.status, 'done');
      assert.equal(old.body.result.audio.extension, c.format === 'mp3' ? 'mp3' : 'wav');
      assert.equal((await fetch(old.body.result.audio.url)).status, 200);
    });
  }

  it('POST /api/text-to-speech answers the audio itself, at the asked rate and format', async () => {
    const answer = await client.post('/api/text-to-speech', { text: 'Direct audio.', lang: 'eng', actor_id: actorId, xapi_audio_format: 'mu-law' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('content-type'), 'audio/wav');
    const header = wavHeader(answer.bytes);
    assert.deepEqual([header.tag, header.rate], [7, 8000]);
    assert.ok(decodeWav(answer.bytes).samples.length > 8000 * 0.5);
  });

  it('polling and downloading cost nothing; each synthesis costs its text length', async () => {
    const account = await server.createAccount('plus');
    const own = earlierClient(server, account.apiToken);
    const created = await own.post('/api/speak', { text: 'Twelve chars', lang: 'eng', actor_id: actorId });
    const result = await pollUntilFinished(own, created.body.result.speak_v2_url, 200);
    for (let i = 0; i < 3; i++) {
      await own.get(new URL(created.body.result.speak_v2_url).pathname);
      await fetch(result.audio_download_url);
    }
    await own.post('/api/text-to-speech', { text: 'Seven c', lang: 'eng', actor_id: actorId });
    assert.equal((await server.services.accounts.get(account.uid))!.usedCredits, 12 + 7);
  });
});

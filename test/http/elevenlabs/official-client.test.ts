import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ElevenLabsClient, ElevenLabsError, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import { TypecastClient } from '@neosapience/typecast-js';
import { outputFormatNames } from '../../../src/http/elevenlabs/output-format.js';
import { ffmpegSeconds, ffprobeStream } from '../../synthesis/ffmpeg-decode.js';
import { openCustomVoiceServer, type CustomVoiceServer } from '../current/custom-voices/fixture.js';

const text = 'Good morning. The train leaves from platform four in ten minutes.';
const within = (actual: number, expected: number, tolerance = 0.1) => Math.abs(actual - expected) <= tolerance * expected;

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** ffmpeg's input options for a headerless format (raw PCM, G.711), by its name. */
function rawInput(format: string): string[] {
  const [codec, rate] = format.split('_');
  if (codec === 'pcm') return ['-f', 's16le', '-ar', rate, '-ac', '1'];
  if (codec === 'ulaw') return ['-f', 'mulaw', '-ar', rate, '-ac', '1'];
  if (codec === 'alaw') return ['-f', 'alaw', '-ar', rate, '-ac', '1'];
  return [];
}

/** The official @elevenlabs/elevenlabs-js client, pointed at a fresh Orator by its base URL only. */
describe('ElevenLabs API with the official @elevenlabs/elevenlabs-js client', () => {
  let cv: CustomVoiceServer;
  let client: ElevenLabsClient;
  let apiKey: string;
  let olivia: string;
  /**
   * Seconds of the same text in the same voice and model from Typecast's /v1/text-to-speech/stream
   * (which these routes stream through): the yardstick.
   */
  let expected: number;

  before(async () => {
    cv = await openCustomVoiceServer();
    ({ apiKey } = await cv.server.createAccount('custom'));
    client = new ElevenLabsClient({ apiKey, baseUrl: cv.server.url, maxRetries: 0 });
    const { voices } = await client.voices.search({ search: 'Olivia' });
    olivia = voices[0].voiceId;
    const streamed = await cv.json('POST', '/v1/text-to-speech/stream', apiKey, { voice_id: olivia, text, model: 'ssfm-v30' });
    assert.equal(streamed.status, 200);
    expected = await ffmpegSeconds(streamed.bytes);
    assert.ok(expected > 2, `yardstick ${expected} s`);
  });
  after(() => cv.close());

  it('lists voices (premade built-ins with labels and previews), gets one, searches and pages', async () => {
    const { voices } = await client.voices.getAll();
    assert.ok(voices.length > 20);
    assert.ok(voices.every((v) => v.category === 'premade' && v.previewUrl && v.labels?.language));
    const one = await client.voices.get(olivia);
    assert.equal(one.name, 'Olivia');
    assert.deepEqual([one.labels?.gender, one.labels?.language], ['female', 'en']);
    const korean = await client.voices.search({ language: 'ko', pageSize: 100 });
    assert.ok(korean.voices.length > 0 && korean.voices.every((v) => v.labels?.language === 'ko'));
    const first = await client.voices.search({ pageSize: 5 });
    assert.equal(first.voices.length, 5);
    assert.equal(first.hasMore, true);
    assert.equal(first.totalCount, voices.length);
    const second = await client.voices.search({ pageSize: 5, nextPageToken: first.nextPageToken });
    assert.deepEqual(second.voices.map((v) => v.voiceId), voices.slice(5, 10).map((v) => v.voiceId));
    const models = await client.models.list();
    assert.ok(models.some((m) => m.modelId === 'eleven_multilingual_v2' && (m.languages?.length ?? 0) > 10));
  });

  for (const format of outputFormatNames) {
    it(`convert in ${format}: decoded by ffmpeg at its stated rate, as long as the same speech ±10 %`, async () => {
      const bytes = await bytesOf(await client.textToSpeech.convert(olivia, { text, modelId: 'ssfm-v30', outputFormat: format as never }));
      const [codec, rate] = format.split('_');
      const raw = rawInput(format);
      if (raw.length === 0) {
        const probe = await ffprobeStream(bytes);
        assert.equal(probe.channels, 1);
        assert.equal(probe.sampleRate, Number(rate));
        assert.equal(probe.codec, { mp3: 'mp3', opus: 'opus', wav: 'pcm_s16le' }[codec]);
      } else {
        const perSample = codec === 'pcm' ? 2 : 1;
        assert.ok(within(bytes.length / perSample / Number(rate), expected), `${format}: ${bytes.length} bytes`);
      }
      const seconds = await ffmpegSeconds(bytes, raw);
      assert.ok(within(seconds, expected, 0.05), `${format}: ${seconds} s against ${expected} s`);
    });
  }

  it('stream: chunked MP3 that decodes to the length of the speech', async () => {
    const stream = await client.textToSpeech.stream(olivia, { text, modelId: 'ssfm-v30' });
    const seconds = await ffmpegSeconds(await bytesOf(stream));
    assert.ok(within(seconds, expected), `${seconds} s against ${expected} s`);
  });

  const scripts = [
    { language: 'en', text: 'Hello there! It is 7:30 and the meeting starts soon.' },
    { language: 'ko', text: '안녕하세요. 오늘 날씨가 정말 좋네요.' },
    { language: 'ja', text: 'こんにちは。今日はいい天気ですね。' },
  ];
  for (const script of scripts) {
    it(`convertWithTimestamps (${script.language}): the characters join back to the text, times ordered inside the audio`, async () => {
      const { voices } = await client.voices.search({ language: script.language, pageSize: 1 });
      const timed = await client.textToSpeech.convertWithTimestamps(voices[0].voiceId, { text: script.text, outputFormat: 'mp3_44100_128' });
      const seconds = await ffmpegSeconds(Buffer.from(timed.audioBase64, 'base64'));
      for (const alignment of [timed.alignment!, timed.normalizedAlignment!]) {
        const { characters, characterStartTimesSeconds: starts, characterEndTimesSeconds: ends } = alignment;
        assert.equal(starts.length, characters.length);
        assert.equal(ends.length, characters.length);
        for (let i = 0; i < characters.length; i++) {
          assert.ok(starts[i] <= ends[i] && ends[i] <= seconds + 0.05, `${characters[i]}: ${starts[i]}–${ends[i]} of ${seconds}`);
          if (i > 0) assert.ok(starts[i] >= starts[i - 1], `start of ${i} before ${i - 1}`);
        }
      }
      assert.equal(timed.alignment!.characters.join(''), script.text);
      assert.ok(timed.alignment!.characterEndTimesSeconds.at(-1)! > seconds / 2);
    });

    it(`streamWithTimestamps (${script.language}): a line a sentence, the characters join back to the text, times ordered inside the whole audio`, async () => {
      const { voices } = await client.voices.search({ language: script.language, pageSize: 1 });
      const lines: ElevenLabs.StreamingAudioChunkWithTimestampsResponse[] = [];
      for await (const line of await client.textToSpeech.streamWithTimestamps(voices[0].voiceId, { text: script.text, outputFormat: 'pcm_16000' })) lines.push(line);
      assert.equal(lines.length, 2);
      const seconds = Buffer.concat(lines.map((l) => Buffer.from(l.audioBase64, 'base64'))).length / 2 / 16000;
      for (const key of ['alignment', 'normalizedAlignment'] as const) {
        const starts = lines.flatMap((l) => l[key]!.characterStartTimesSeconds);
        const ends = lines.flatMap((l) => l[key]!.characterEndTimesSeconds);
        for (let i = 0; i < starts.length; i++) {
          assert.ok(starts[i] <= ends[i] && ends[i] <= seconds + 0.01, `${key} ${i}: ${starts[i]}–${ends[i]} of ${seconds}`);
          if (i > 0) assert.ok(starts[i] >= starts[i - 1], `${key}: start of ${i} before ${i - 1}`);
        }
      }
      assert.equal(lines.map((l) => l.alignment!.characters.join('')).join(''), script.text);
      assert.ok(lines[1].alignment!.characterStartTimesSeconds.at(-1)! > seconds / 2);
    });
  }

  it('streamWithTimestamps: pieces whose audio joins into one stream and whose characters join back to the text', async () => {
    const long = 'The first sentence is here. A second one follows it, a little longer than the first. And a third ends the text.';
    const chunks = [];
    for await (const chunk of await client.textToSpeech.streamWithTimestamps(olivia, { text: long, modelId: 'ssfm-v30' })) chunks.push(chunk);
    assert.ok(chunks.length > 1, `${chunks.length} chunks`);
    assert.equal(chunks.map((c) => c.alignment!.characters.join('')).join(''), long);
    const audio = Buffer.concat(chunks.map((c) => Buffer.from(c.audioBase64, 'base64')));
    assert.ok((await ffmpegSeconds(audio)) > 4);
  });

  it('streamWithTimestamps streams: the first sentence is received while the last one is still waiting to be rendered', { timeout: 120_000 }, async () => {
    const sentences = ['The harbour opens at dawn.', 'Boats leave once the fog lifts, one after another.', 'Lanterns guide them home tonight.'];
    const spoken = sentences.join(' ');
    // The last sentence's render waits until the client holds the first piece: a route that
    // answered only after the whole synthesis would never send it (and the test would time out).
    const pool = cv.server.services.pool;
    const render = pool.renderSentence;
    const events: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    pool.renderSentence = async function (this: typeof pool, task) {
      if (task.text.includes('Lanterns')) {
        await released;
        events.push('last sentence rendering');
      }
      return render.call(this, task);
    };
    const used = async () => (await client.user.subscription.get()).characterCount;
    const usedBefore = await used();
    const chunks: ElevenLabs.StreamingAudioChunkWithTimestampsResponse[] = [];
    try {
      for await (const chunk of await client.textToSpeech.streamWithTimestamps(olivia, { text: spoken, modelId: 'ssfm-v30', outputFormat: 'mp3_44100_128' })) {
        if (chunks.length === 0) {
          events.push('first piece received');
          release();
        }
        chunks.push(chunk);
      }
    } finally {
      pool.renderSentence = render;
      release();
    }
    assert.deepEqual(events, ['first piece received', 'last sentence rendering']);
    assert.equal(chunks.length, sentences.length);
    // A piece a sentence (the whitespace before it with it), joined the text exactly.
    assert.deepEqual(chunks.map((c) => c.alignment!.characters.join('')), sentences.map((s, i) => (i === 0 ? s : ` ${s}`)));
    const pieces = chunks.map((c) => Buffer.from(c.audioBase64, 'base64'));
    for (const piece of pieces) assert.ok((await ffmpegSeconds(piece)) > 0.5);
    const seconds = await ffmpegSeconds(Buffer.concat(pieces));
    for (const key of ['alignment', 'normalizedAlignment'] as const) {
      const starts = chunks.flatMap((c) => c[key]!.characterStartTimesSeconds);
      const ends = chunks.flatMap((c) => c[key]!.characterEndTimesSeconds);
      assert.equal(starts.length, chunks.flatMap((c) => c[key]!.characters).length);
      for (let i = 0; i < starts.length; i++) {
        assert.ok(starts[i] <= ends[i] && ends[i] <= seconds + 0.05, `${key} ${i}: ${starts[i]}–${ends[i]} of ${seconds}`);
        if (i > 0) assert.ok(starts[i] >= starts[i - 1], `${key}: start of ${i} before ${i - 1}`);
      }
    }
    // Times count from the start of the whole audio: the last piece's words are in the last third.
    assert.ok(chunks.at(-1)!.alignment!.characterStartTimesSeconds.at(-1)! > (seconds * 2) / 3);
    assert.equal(await used(), usedBefore + spoken.length);
    // Asked again: the same pieces, from the response cache, charged alike.
    const hits = cv.server.services.speechCache.stats.hits;
    const again: ElevenLabs.StreamingAudioChunkWithTimestampsResponse[] = [];
    for await (const chunk of await client.textToSpeech.streamWithTimestamps(olivia, { text: spoken, modelId: 'ssfm-v30', outputFormat: 'mp3_44100_128' })) again.push(chunk);
    assert.equal(cv.server.services.speechCache.stats.hits, hits + 1);
    assert.deepEqual(again, chunks);
    assert.equal(await used(), usedBefore + 2 * spoken.length);
  });

  it('streamWithTimestamps: a listener that leaves after the first line is charged only the sentences it was sent', { timeout: 120_000 }, async () => {
    const sentences = ['Leaving early is allowed.', 'The second sentence may still be sent.', 'Nobody hears this third one at all.'];
    const spoken = sentences.join(' ');
    const fresh = await cv.server.createAccount('custom');
    const own = new ElevenLabsClient({ apiKey: fresh.apiKey, baseUrl: cv.server.url, maxRetries: 0 });
    const used = async () => (await own.user.subscription.get()).characterCount;
    const pool = cv.server.services.pool;
    const render = pool.renderSentence;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The last sentence waits until the listener has left, so it is never sent.
    pool.renderSentence = async function (this: typeof pool, task) {
      if (task.text.includes('Nobody')) await released;
      return render.call(this, task);
    };
    try {
      const stop = new AbortController();
      const res = await fetch(`${cv.server.url}/v1/text-to-speech/${olivia}/stream/with-timestamps`, {
        method: 'POST',
        headers: { 'xi-api-key': fresh.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: spoken, model_id: 'ssfm-v30' }),
        signal: stop.signal,
      });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('character-cost'), String(spoken.length));
      const reader = res.body!.getReader();
      let received = '';
      while (!received.includes('\n')) received += new TextDecoder().decode((await reader.read()).value);
      assert.equal(JSON.parse(received.slice(0, received.indexOf('\n'))).alignment.characters.join(''), sentences[0]);
      stop.abort();
      // The event awaited: the characters not sent come back (the slot is freed in the same step),
      // while the last sentence is still held.
      const kept = [sentences[0].length, `${sentences[0]} ${sentences[1]}`.length];
      let charged = await used();
      for (let polls = 0; !kept.includes(charged) && polls < 2000; polls++) {
        await new Promise((resolve) => setImmediate(resolve));
        charged = await used();
      }
      assert.ok(kept.includes(charged), `charged ${charged} of ${spoken.length}`);
    } finally {
      release();
      pool.renderSentence = render;
    }
    // The slot is free again: the next request of the account is served.
    assert.ok((await bytesOf(await own.textToSpeech.convert(olivia, { text: 'Still here.' }))).length > 0);
  });

  it('a voice added from a sample speaks, is listed as cloned, and is deleted', async () => {
    const sample = cv.wav(await cv.speaker());
    const added = await client.voices.ivc.create({ name: 'Sampled', files: [new Blob([new Uint8Array(sample)], { type: 'audio/wav' })], description: 'from a test', labels: { accent: 'none' } });
    assert.match(added.voiceId, /^uc_/);
    const listed = await client.voices.get(added.voiceId);
    assert.deepEqual([listed.name, listed.category], ['Sampled', 'cloned']);
    const spoken = await bytesOf(await client.textToSpeech.convert(added.voiceId, { text: 'My own voice speaks now.' }));
    assert.ok((await ffmpegSeconds(spoken)) > 0.5);
    assert.equal((await client.voices.delete(added.voiceId)).status, 'ok');
    await assert.rejects(client.voices.get(added.voiceId), (e: unknown) => e instanceof ElevenLabsError && e.statusCode === 404);
  });

  it('credits and metrics: a conversion is charged its characters, seen in the subscription, and counted', async () => {
    const fresh = await cv.server.createAccount('custom');
    const own = new ElevenLabsClient({ apiKey: fresh.apiKey, baseUrl: cv.server.url, maxRetries: 0 });
    assert.equal((await own.user.subscription.get()).characterCount, 0);
    await bytesOf(await own.textToSpeech.convert(olivia, { text: 'Twelve chars' }));
    const subscription = await own.user.subscription.get();
    assert.equal(subscription.characterCount, 12);
    assert.equal((await own.user.get()).subscription.characterCount, 12);
    const metrics = await (await fetch(`${cv.server.url}/metrics`)).text();
    assert.match(metrics, /orator_http_requests_total\{method="POST",route="\/v1\/text-to-speech\/:voice_id",status="200"\} [1-9]/);
    assert.match(metrics, /orator_credits_charged_total [1-9]/);
  });

  it('a spent allowance is 401 quota_exceeded, as ElevenLabs answers it', async () => {
    const spent = await cv.server.createAccount('custom');
    const { plan } = (await cv.server.services.accounts.getWithPlan(spent.uid))!;
    await cv.server.services.accounts.debitCredits(spent.uid, plan.planCredits);
    const own = new ElevenLabsClient({ apiKey: spent.apiKey, baseUrl: cv.server.url, maxRetries: 0 });
    await assert.rejects(own.textToSpeech.convert(olivia, { text: 'No credits left.' }), (e: unknown) => {
      return e instanceof ElevenLabsError && e.statusCode === 401 && (e.body as { detail: { status: string } }).detail.status === 'quota_exceeded';
    });
  });

  it('refusals in ElevenLabs shape: wrong key 401, unknown output_format 422 naming it, unknown voice 404', async () => {
    const wrong = new ElevenLabsClient({ apiKey: 'not-a-key', baseUrl: cv.server.url, maxRetries: 0 });
    await assert.rejects(wrong.voices.getAll(), (e: unknown) => e instanceof ElevenLabsError && e.statusCode === 401 && (e.body as { detail: { status: string } }).detail.status === 'invalid_api_key');
    // The client checks output_format against its own list; a raw request reaches the server's check.
    const bad = await fetch(`${cv.server.url}/v1/text-to-speech/${olivia}?output_format=mp3_1_1`, {
      method: 'POST',
      headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    assert.equal(bad.status, 422);
    const { detail } = (await bad.json()) as { detail: { status: string; message: string } };
    assert.equal(detail.status, 'invalid_output_format');
    assert.match(detail.message, /'mp3_1_1'/);
    await assert.rejects(client.textToSpeech.convert('no-such-voice', { text }), (e: unknown) => e instanceof ElevenLabsError && e.statusCode === 404);
    // A feature not offered here: ElevenLabs' 404, not the Typecast interface's request for X-API-KEY.
    const missing = await fetch(`${cv.server.url}/v1/speech-to-text`, { method: 'POST', headers: { 'xi-api-key': apiKey } });
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { detail: { status: string } }).detail.status, 'not_found');
  });

  it('a Typecast client on the same server still gets Typecast answers on the shared paths', async () => {
    const typecast = new TypecastClient({ baseHost: cv.server.url, apiKey });
    const voices = await typecast.getVoices();
    assert.ok(voices.length > 20 && 'voice_name' in voices[0] && 'emotions' in voices[0]);
    const one = await typecast.getVoiceById(olivia);
    assert.equal(one[0].voice_name, 'Olivia');
    const v2 = await (await fetch(`${cv.server.url}/v2/voices`, { headers: { 'x-api-key': apiKey } })).json();
    assert.ok(Array.isArray(v2) && v2[0].voice_name);
    const removed = await fetch(`${cv.server.url}/v1/voices/uc_ffffffffffffffffffffffff`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
    assert.equal(removed.status, 404);
    assert.equal(typeof (await removed.json()).detail, 'string');
  });
});

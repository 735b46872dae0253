import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { openCurrentApi, wavHeader, type CurrentApi } from './current-api.js';
import {
  asyncHeaders,
  float,
  models,
  pythonException,
  pythonJson,
  pythonQuery,
  requestsMultipart,
  send,
  syncHeaders,
  ttsResponse,
  type WireResponse,
} from './python-wire.js';

const run = promisify(execFile);

/**
 * Every call of the official Python client (typecast-python, sync `Typecast` and async
 * `AsyncTypecast`), replayed byte for byte as it sends it — method, path, query as `requests`
 * encodes it, its headers (the session's `Content-Type: application/json` on every request, its
 * User-Agent), the JSON of `model_dump(exclude_none=True)` with its defaults filled in — against a
 * real Orator; each answer is checked against the client's pydantic response model or its status →
 * exception mapping. The calls are listed in docs/current-interface.md.
 */
describe('official Python client (typecast-python) on the wire', () => {
  let api: CurrentApi;
  let olivia: string;
  let maria: string; // ssfm-v21 only
  const sync = (method: string, path: string, body?: unknown, params: Record<string, string | number> | null = null) =>
    send(api.server.url, method, `${path}${pythonQuery(params)}`, syncHeaders(api.apiKey), body === undefined ? undefined : pythonJson(body));
  const aio = (method: string, path: string, body?: unknown, params: Record<string, string | number> | null = null) =>
    send(api.server.url, method, `${path}${pythonQuery(params)}`, asyncHeaders(api.apiKey, body !== undefined), body === undefined ? undefined : pythonJson(body));
  const ok = (res: WireResponse) => assert.equal(res.status, 200, `${pythonException(res.status)}: ${res.text().slice(0, 300)}`);

  before(async () => {
    api = await openCurrentApi('plus');
    olivia = await api.voiceId('Olivia');
    maria = await api.voiceId('Maria');
  });
  after(() => api.close());

  it('voices() and voices(model): GET /v1/voices → list[VoicesResponse]', async () => {
    for (const call of [sync, aio]) {
      const all = await call('GET', '/v1/voices', undefined, {});
      ok(all);
      const items = all.json() as unknown[];
      items.forEach((item, i) => models.VoicesResponse(item, `[${i}]`));
      const v21 = await call('GET', '/v1/voices', undefined, { model: 'ssfm-v21' });
      ok(v21);
      const entries = v21.json() as { model: string }[];
      assert.ok(entries.length > 0 && entries.every((e) => e.model === 'ssfm-v21'));
    }
  });

  it('get_voice(id): GET /v1/voices/{id} → a list; the client validates its first item', async () => {
    const res = await sync('GET', `/v1/voices/${olivia}`);
    ok(res);
    const data = res.json() as unknown[];
    assert.ok(Array.isArray(data) && data.length > 0);
    models.VoicesResponse(data[0], '[0]');
    assert.equal(pythonException((await sync('GET', '/v1/voices/tc_ffffffffffffffffffffffff')).status), 'NotFoundError');
  });

  it('voices_v2(filter) with every filter value the client can send → list[VoiceV2Response]', async () => {
    const all = await sync('GET', '/v2/voices', undefined, {});
    ok(all);
    (all.json() as unknown[]).forEach((item, i) => models.VoiceV2Response(item, `[${i}]`));
    // VoicesV2Filter fields are enums; every member must be accepted, whatever it matches.
    const useCases = ['Announcer', 'Anime', 'Audiobook', 'Conversational', 'Documentary', 'E-learning', 'Rapper', 'Game', 'Tiktok/Reels', 'News', 'Podcast', 'Voicemail', 'Ads'];
    const filters: Record<string, string>[] = [
      ...['ssfm-v21', 'ssfm-v30'].map((model) => ({ model })),
      ...['male', 'female'].map((gender) => ({ gender })),
      ...['child', 'teenager', 'young_adult', 'middle_age', 'elder'].map((age) => ({ age })),
      ...useCases.map((use_cases) => ({ use_cases })),
      { model: 'ssfm-v30', gender: 'female', age: 'young_adult', use_cases: 'Tiktok/Reels' },
    ];
    for (const filter of filters) {
      const res = await (filter.use_cases === 'Anime' ? aio : sync)('GET', '/v2/voices', undefined, filter);
      ok(res);
      (res.json() as unknown[]).forEach((item, i) => models.VoiceV2Response(item, `${JSON.stringify(filter)}[${i}]`));
    }
  });

  it('voice_v2(id): GET /v2/voices/{id} → VoiceV2Response', async () => {
    const res = await aio('GET', `/v2/voices/${olivia}`);
    ok(res);
    models.VoiceV2Response(res.json(), 'voice');
    assert.equal(pythonException((await sync('GET', '/v2/voices/tc_ffffffffffffffffffffffff')).status), 'NotFoundError');
  });

  it('recommend_voices(query, count): GET /v1/voices/recommendations → list[RecommendedVoice]', async () => {
    const res = await sync('GET', '/v1/voices/recommendations', undefined, { query: 'a calm narrator for documentaries', count: 5 });
    ok(res);
    const items = res.json() as unknown[];
    assert.equal(items.length, 5);
    items.forEach((item, i) => models.RecommendedVoice(item, `[${i}]`));
  });

  it('get_my_subscription(): GET /v1/users/me/subscription → SubscriptionResponse', async () => {
    for (const call of [sync, aio]) {
      const res = await call('GET', '/v1/users/me/subscription');
      ok(res);
      models.SubscriptionResponse(res.json(), 'subscription');
    }
  });

  it('text_to_speech: the bodies its models dump (defaults filled in, None dropped) → TTSResponse', async () => {
    const bodies: { body: Record<string, unknown>; format: string }[] = [
      // TTSRequest(voice_id, text, model) — the newest client never serializes seed.
      { body: { voice_id: olivia, text: 'Hello from Python.', model: 'ssfm-v30' }, format: 'wav' },
      // Prompt() and Output() with their defaults.
      {
        body: {
          voice_id: maria,
          text: 'Kumusta ka na?',
          model: 'ssfm-v21',
          language: 'tgl',
          prompt: { emotion_preset: 'normal', emotion_intensity: float(1) },
          output: { volume: 100, audio_pitch: 0, audio_tempo: float(1), audio_format: 'wav' },
        },
        format: 'wav',
      },
      // PresetPrompt, and Output(target_lufs=...): its validator sets volume to None, so it is dropped.
      {
        body: {
          voice_id: olivia,
          text: 'What a wonderful day!',
          model: 'ssfm-v30',
          language: 'eng',
          prompt: { emotion_type: 'preset', emotion_preset: 'happy', emotion_intensity: float(1.5) },
          output: { target_lufs: float(-16), audio_pitch: 0, audio_tempo: float(1), audio_format: 'mp3' },
        },
        format: 'mp3',
      },
      // SmartPrompt with context, remove_silence_ms (strict int), non-ASCII escaped by json.dumps.
      {
        body: {
          voice_id: olivia,
          text: 'I can’t believe it — café crème!',
          model: 'ssfm-v30',
          prompt: { emotion_type: 'smart', previous_text: 'We lost the match.', next_text: 'Let us go home.' },
          output: { remove_silence_ms: 0, volume: 150, audio_pitch: -3, audio_tempo: float(1.25), audio_format: 'mp3' },
        },
        format: 'mp3',
      },
      // SmartPrompt() alone dumps only its discriminator; LanguageCode.NAN (Min Nan) is in the client's list.
      { body: { voice_id: olivia, text: '你好，世界。', model: 'ssfm-v30', language: 'nan', prompt: { emotion_type: 'smart' } }, format: 'wav' },
      // Older clients (up to 0.1.x) still send seed.
      { body: { voice_id: olivia, text: 'Seeded.', model: 'ssfm-v21', seed: 42 }, format: 'wav' },
    ];
    for (const [i, { body, format }] of bodies.entries()) {
      const res = await (i % 2 === 0 ? sync : aio)('POST', '/v1/text-to-speech', body);
      ok(res);
      const speech = ttsResponse(res);
      assert.equal(speech.format, format);
      const pcm = format === 'wav' ? decodeWav(speech.audio) : await decodeMp3(speech.audio);
      assert.equal(pcm.sampleRate, 44100);
      const seconds = pcm.samples.length / pcm.sampleRate;
      assert.ok(speech.duration > 0.3 && seconds >= speech.duration - 0.002 && seconds - speech.duration < 0.08, `${i}: decoded ${seconds} s, X-Audio-Duration ${speech.duration}`);
      if (format === 'wav') {
        // compose_speech() reads each piece with Python's `wave`: mono, 16-bit, one data chunk.
        const header = wavHeader(speech.audio);
        assert.deepEqual([header.riff, header.wave, header.data, header.channels, header.bitsPerSample], ['RIFF', 'WAVE', 'data', 1, 16]);
      }
    }
  });

  it('text_to_speech_stream(TTSRequestStream): OutputStream defaults, and target_lufs → chunked audio', async () => {
    const wav = await sync('POST', '/v1/text-to-speech/stream', { voice_id: olivia, text: 'Streaming for Python. Chunk after chunk.', model: 'ssfm-v30', output: { audio_pitch: 0, audio_tempo: float(1), audio_format: 'wav' } });
    ok(wav);
    assert.equal(wav.headers['transfer-encoding'], 'chunked');
    assert.equal(wav.body.toString('latin1', 0, 4), 'RIFF');
    assert.equal(wav.body.readUInt32LE(4), 0xffffffff);
    const mp3 = await aio('POST', '/v1/text-to-speech/stream', {
      voice_id: olivia,
      text: 'Streaming MP3 at a set loudness.',
      model: 'ssfm-v30',
      output: { remove_silence_ms: 100, audio_pitch: 0, audio_tempo: float(1), audio_format: 'mp3', target_lufs: float(-20) },
    });
    ok(mp3);
    assert.equal(mp3.headers['content-type'], 'audio/mp3');
    assert.ok((await decodeMp3(mp3.body)).samples.length > 32000);
  });

  it('text_to_speech_with_timestamps(request, granularity) → TTSWithTimestampsResponse', async () => {
    const body = { voice_id: olivia, text: 'Captions for every word, please.', model: 'ssfm-v30', output: { volume: 100, audio_pitch: 0, audio_tempo: float(1), audio_format: 'wav' } };
    for (const granularity of [null, 'word', 'char']) {
      const res = await (granularity === 'char' ? aio : sync)('POST', '/v1/text-to-speech/with-timestamps', body, granularity ? { granularity } : null);
      ok(res);
      const data = res.json() as { audio: string; words: unknown[] | null; characters: unknown[] | null };
      models.TTSWithTimestampsResponse(data, 'response');
      // audio_bytes decodes with base64.b64decode(validate=True): only the base64 alphabet.
      assert.match(data.audio, /^[A-Za-z0-9+/]*={0,2}$/);
      assert.equal(granularity === 'char' ? data.words : data.characters === null, granularity === 'char' ? null : granularity === 'word');
      // to_srt() refuses alignments whose segments are mostly empty text.
      const segments = (data.words ?? data.characters)!;
      assert.ok((segments as { text: string }[]).filter((s) => s.text.trim() === '').length <= segments.length / 2);
    }
  });

  it('clone_voice then delete_voice: multipart without the session content type, then a bodiless DELETE that keeps it', async () => {
    // A sample of our own speech, 8 s or more.
    const sample = await sync('POST', '/v1/text-to-speech', {
      voice_id: olivia,
      model: 'ssfm-v30',
      text: 'This is a sample of my voice. I read it slowly and clearly, so that a copy of it can be made. Then the copy speaks for me.',
    });
    ok(sample);
    const { contentType, body } = requestsMultipart({ name: 'Python clone', model: 'ssfm-v30' }, { name: 'file', filename: 'sample.wav', contentType: 'audio/wav', bytes: sample.body });
    const headers = { ...syncHeaders(api.apiKey), 'Content-Type': contentType };
    const cloned = await send(api.server.url, 'POST', '/v1/voices/clone', headers, body);
    ok(cloned);
    models.CustomVoice(cloned.json(), 'clone');
    const { voice_id } = cloned.json() as { voice_id: string };
    assert.match(voice_id, /^uc_/);
    const spoken = await sync('POST', '/v1/text-to-speech', { voice_id, text: 'Cloned and speaking.', model: 'ssfm-v30' });
    ok(spoken);
    const deleted = await sync('DELETE', `/v1/voices/${voice_id}`);
    assert.ok([200, 204].includes(deleted.status), `${deleted.status} ${deleted.text()}`);
    assert.equal(pythonException((await sync('DELETE', `/v1/voices/${voice_id}`)).status), 'NotFoundError');
  });

  it('delete_voice on an unknown voice: the bodiless DELETE with Content-Type: application/json is a 404, not a 422', async () => {
    for (const call of [sync, aio]) {
      const res = await call('DELETE', '/v1/voices/uc_ffffffffffffffffffffffff');
      assert.equal(pythonException(res.status), 'NotFoundError', res.text());
      assert.equal(typeof (res.json() as { detail: unknown }).detail, 'string');
    }
  });

  it('maps every failure to the exception the client raises for it', async () => {
    const wrongKey = await send(api.server.url, 'GET', '/v1/voices', { ...syncHeaders('not-a-key') });
    assert.equal(pythonException(wrongKey.status), 'UnauthorizedError');
    const cases: [string, Record<string, unknown>][] = [
      ['NotFoundError', { voice_id: 'tc_ffffffffffffffffffffffff', text: 'Nobody.', model: 'ssfm-v30' }],
      ['BadRequestError', { voice_id: maria, text: 'Maria has no ssfm-v30.', model: 'ssfm-v30' }],
      ['BadRequestError', { voice_id: olivia, text: 'No whisper on v21.', model: 'ssfm-v21', prompt: { emotion_preset: 'whisper', emotion_intensity: float(1) } }],
      // The client's models let these through; the server refuses them.
      ['UnprocessableEntityError', { voice_id: olivia, text: '', model: 'ssfm-v30' }],
      ['UnprocessableEntityError', { voice_id: olivia, text: 'x'.repeat(2001), model: 'ssfm-v30' }],
      ['UnprocessableEntityError', { voice_id: olivia, text: 'Klingon?', model: 'ssfm-v30', language: 'tlh' }],
      ['UnprocessableEntityError', { voice_id: olivia, text: 'Flac?', model: 'ssfm-v30', output: { volume: 100, audio_pitch: 0, audio_tempo: float(1), audio_format: 'flac' } }],
      ['UnprocessableEntityError', { voice_id: olivia, text: '?!', model: 'ssfm-v30' }],
    ];
    for (const [expected, body] of cases) {
      const res = await sync('POST', '/v1/text-to-speech', body);
      assert.equal(pythonException(res.status), expected, `${JSON.stringify(body).slice(0, 80)} → ${res.status} ${res.text().slice(0, 200)}`);
      assert.match(String(res.headers['content-type']), /^application\/json/);
    }
    // 402: an account whose credits are spent.
    const poor = await api.server.createAccount('free');
    await api.server.services.accounts.debitCredits(poor.uid, 9995);
    const broke = await send(api.server.url, 'POST', '/v1/text-to-speech', syncHeaders(poor.apiKey), pythonJson({ voice_id: olivia, text: 'Ten characters and more.', model: 'ssfm-v30' }));
    assert.equal(pythonException(broke.status), 'PaymentRequiredError');
    // 429: more simultaneous syntheses than the plan allows (free: 2).
    const rich = await api.server.createAccount('free');
    const body = pythonJson({ voice_id: olivia, text: 'Three at once is one too many for this plan.', model: 'ssfm-v30' });
    const three = await Promise.all([0, 1, 2].map(() => send(api.server.url, 'POST', '/v1/text-to-speech', syncHeaders(rich.apiKey), body)));
    assert.deepEqual(three.map((r) => r.status).sort(), [200, 200, 429]);
    assert.equal(pythonException(three.find((r) => r.status !== 200)!.status), 'RateLimitError');
  });

  it('the same calls made by Python itself (requests and pydantic), when this machine has them', async (t) => {
    try {
      await run('python3', ['-c', 'import requests, pydantic']);
    } catch {
      return t.skip('python3 with requests and pydantic is not installed');
    }
    const script = fileURLToPath(new URL('../../../../test/http/current/python-client-parity.py', import.meta.url));
    const { stdout } = await run('python3', [script, api.server.url, api.apiKey, olivia, maria], { timeout: 50_000 });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!) as { passed: string[]; failed: string[] };
    t.diagnostic(`python: ${report.passed.length} calls passed`);
    assert.deepEqual(report.failed, []);
    assert.ok(report.passed.length >= 15, report.passed.join(', '));
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { startTestServer, type TestServer } from '../test-server.js';

/** The response cache over real HTTP: identical requests, billing, the bound, metrics. */
describe('response cache (POST /v1/text-to-speech, with-timestamps)', () => {
  let server: TestServer;
  let apiKey: string;
  let uid: string;
  let olivia: string;

  const post = (path: string, body: Record<string, unknown>, key = apiKey) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ voice_id: olivia, model: 'ssfm-v30', language: 'eng', ...body }) });
  const speak = async (body: Record<string, unknown>) => {
    const res = await post('/v1/text-to-speech', body);
    assert.equal(res.status, 200, await res.clone().text());
    return Buffer.from(await res.arrayBuffer());
  };
  const used = async () => (await server.services.accounts.require(uid)).usedCredits;
  const metric = async (outcome: string) => {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`orator_cache_lookups_total{outcome="${outcome}"}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  const cachedBlobBytes = async () => {
    let total = 0;
    for await (const key of server.services.blobs.list('cache/')) total += (await server.services.blobs.stat(key))?.size ?? 0;
    return total;
  };

  before(async () => {
    server = await startTestServer({ startQueue: false, env: { CACHE_MAX_BYTES: String(8 * 1024 * 1024) } });
    ({ apiKey, uid } = await server.createAccount('plus'));
    const voices = (await (await fetch(`${server.url}/v3/voices`, { headers: { 'x-api-key': apiKey } })).json()) as { voice_id: string; voice_name: { eng: string } }[];
    olivia = voices.find((v) => v.voice_name.eng === 'Olivia')!.voice_id;
  });
  after(() => server.close());

  it('answers a repeated request from the cache, byte for byte, and charges the same credits as the miss', async () => {
    const body = { text: 'Your order is ready for pickup at counter three.', prompt: { emotion_type: 'preset', emotion_preset: 'happy', emotion_intensity: 1.2 }, output: { audio_pitch: 1 } };
    const stats = server.services.speechCache.stats;
    const [hits0, misses0, metricHits0] = [stats.hits, stats.misses, await metric('hit')];
    const credits0 = await used();
    const first = await speak(body);
    const credits1 = await used();
    assert.equal(stats.misses, misses0 + 1);
    assert.equal(stats.hits, hits0);
    // Sent as soon as the first answer arrived, while that answer may still be being stored
    // (stores run behind the response): the lookup waits for the store and hits.
    const second = await speak(body);
    const credits2 = await used();
    assert.equal(stats.hits, hits0 + 1, 'the repeat is a hit');
    assert.equal(await metric('hit'), metricHits0 + 1, 'orator_cache_lookups_total{outcome="hit"} moved by one');
    assert.ok(second.equals(first), 'byte-identical');
    assert.ok(decodeWav(new Uint8Array(second)).samples.length > 44100, 'real audio');
    assert.equal(credits1 - credits0, [...body.text].length, 'the miss is charged its length');
    assert.equal(credits2 - credits1, credits1 - credits0, 'the hit is charged as much as the miss');
  });

  it('is no cross-account oracle: another account speaking the same text misses (and stores its own), the first account\'s repeat hits', async () => {
    const other = await server.createAccount('plus');
    const body = { text: 'The code for the side door is four one seven.' };
    const stats = server.services.speechCache.stats;
    const [hits0, misses0, stores0] = [stats.hits, stats.misses, stats.stores];
    const [metricHits0, metricMisses0] = [await metric('hit'), await metric('miss')];
    const first = await speak(body);
    // Stored behind the answer: counted once the store has landed.
    await server.services.speechCache.settled();
    assert.deepEqual([stats.hits - hits0, stats.misses - misses0, stats.stores - stores0], [0, 1, 1], 'A: a miss, stored');
    const res = await post('/v1/text-to-speech', body, other.apiKey);
    assert.equal(res.status, 200);
    const theirs = Buffer.from(await res.arrayBuffer());
    await server.services.speechCache.settled();
    assert.deepEqual([stats.hits - hits0, stats.misses - misses0, stats.stores - stores0], [0, 2, 2], "B: a miss by the cache's own counter, stored apart");
    assert.equal(await metric('miss'), metricMisses0 + 2, 'orator_cache_lookups_total{outcome="miss"} counts both');
    assert.equal(await metric('hit'), metricHits0, 'no hit for B');
    assert.ok(theirs.equals(first), 'the same audio, synthesized again');
    const again = await speak(body);
    assert.deepEqual([stats.hits - hits0, stats.misses - misses0], [1, 2], "A's repeat hits its own entry");
    assert.ok(again.equals(first));
  });

  it('tells apart requests differing in any control (text, emotion, pitch, tempo, format, seed)', async () => {
    const base = { text: 'Controls make different answers.' };
    const variants = [
      base,
      { ...base, text: 'Controls make different answers!' },
      { ...base, prompt: { emotion_type: 'preset', emotion_preset: 'sad', emotion_intensity: 1 } },
      { ...base, output: { audio_pitch: 3 } },
      { ...base, output: { audio_tempo: 1.5 } },
      { ...base, output: { audio_format: 'mp3' } },
      { ...base, seed: 42 },
    ];
    const misses0 = server.services.speechCache.stats.misses;
    const hits0 = server.services.speechCache.stats.hits;
    for (const v of variants) await speak(v);
    assert.equal(server.services.speechCache.stats.misses, misses0 + variants.length);
    assert.equal(server.services.speechCache.stats.hits, hits0);
    for (const v of variants) await speak(v);
    assert.equal(server.services.speechCache.stats.hits, hits0 + variants.length);
  });

  it('caches the timings with the audio: with-timestamps repeats the same JSON from the cache', async () => {
    const body = { text: 'Timings come back with the audio. Two sentences here.' };
    const hits0 = server.services.speechCache.stats.hits;
    const a = await post('/v1/text-to-speech/with-timestamps', body);
    assert.equal(a.status, 200, await a.clone().text());
    const first = (await a.json()) as { audio: string; words: unknown[] };
    const b = await post('/v1/text-to-speech/with-timestamps', body);
    const second = (await b.json()) as { audio: string; words: unknown[] };
    assert.equal(server.services.speechCache.stats.hits, hits0 + 1);
    assert.deepEqual(second, first);
    assert.ok(first.words.length >= 9, `${first.words.length} words`);
  });

  it('answers a repeated stream from the cache: the same bytes and X-Audio-Duration trailer, the same credits', async () => {
    for (const format of ['wav', 'mp3']) {
      const body = { text: `A streamed prompt in ${format}. It has two sentences.`, output: { audio_format: format } };
      const stream = async () => {
        const res = await post('/v1/text-to-speech/stream', body);
        assert.equal(res.status, 200, await res.clone().text());
        return Buffer.from(await res.arrayBuffer());
      };
      const stats = server.services.speechCache.stats;
      const hits0 = stats.hits;
      const credits0 = await used();
      const first = await stream();
      const credits1 = await used();
      const second = await stream();
      const credits2 = await used();
      assert.equal(stats.hits, hits0 + 1, `${format}: the repeat is a hit`);
      assert.ok(second.equals(first), `${format}: byte-identical`);
      assert.ok(first.length > 10_000);
      assert.equal(credits2 - credits1, credits1 - credits0);
      assert.equal(credits1 - credits0, [...body.text].length);
    }
    // A stream and the whole file of the same request are different bytes: they never share an entry.
    const whole = await speak({ text: 'A streamed prompt in wav. It has two sentences.', output: { audio_format: 'wav' } });
    const streamed = Buffer.from(await (await post('/v1/text-to-speech/stream', { text: 'A streamed prompt in wav. It has two sentences.', output: { audio_format: 'wav' } })).arrayBuffer());
    assert.ok(!whole.equals(streamed));
  });

  it('never stores more than CACHE_MAX_BYTES, evicting the least recently used', async () => {
    const bound = 400_000;
    const small = await startTestServer({ startQueue: false, env: { CACHE_MAX_BYTES: String(bound) } });
    try {
      const { apiKey: key } = await small.createAccount('plus');
      const say = async (text: string) => {
        const res = await fetch(`${small.url}/v1/text-to-speech`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ voice_id: olivia, model: 'ssfm-v30', language: 'eng', text }) });
        assert.equal(res.status, 200);
        return Buffer.from(await res.arrayBuffer());
      };
      const bytesOf = async () => {
        let total = 0;
        for await (const k of small.services.blobs.list('cache/')) total += (await small.services.blobs.stat(k))?.size ?? 0;
        return total;
      };
      let written = 0;
      const texts = ['One sentence, number one, is said here.', 'Two: another sentence said here.', 'Three, and a third is said.', 'Four sentences now, this is the fourth.', 'Five is the last sentence here.', 'Six, one more past five.'];
      for (const [i, text] of texts.entries()) {
        written += (await say(text)).length;
        await small.services.speechCache.settled();
        const stored = await bytesOf();
        assert.ok(stored <= bound, `after ${i + 1}: ${stored} bytes stored, bound ${bound}`);
        assert.equal(await small.services.speechCache.totalBytes(), stored, 'the index counts the blobs');
        if (i === 0) await say(texts[0]); // keep the first one recently used
      }
      assert.ok(written > 2 * bound, `wrote ${written} bytes past the bound ${bound}`);
      assert.ok(small.services.speechCache.stats.evictions > 0);
      const hits = small.services.speechCache.stats.hits;
      await say(texts[texts.length - 1]);
      assert.equal(small.services.speechCache.stats.hits, hits + 1, 'the newest entry is kept');
    } finally {
      await small.close();
    }
  });

  it('stores nothing with CACHE_MAX_BYTES=0', async () => {
    const off = await startTestServer({ startQueue: false, env: { CACHE_MAX_BYTES: '0' } });
    try {
      const { apiKey: key } = await off.createAccount('plus');
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${off.url}/v1/text-to-speech`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ voice_id: olivia, model: 'ssfm-v30', text: 'No cache here.' }) });
        assert.equal(res.status, 200);
      }
      assert.deepEqual(off.services.speechCache.stats, { hits: 0, misses: 0, stores: 0, evictions: 0 });
      const keys: string[] = [];
      for await (const k of off.services.blobs.list('cache/')) keys.push(k);
      assert.deepEqual(keys, []);
    } finally {
      await off.close();
    }
  });

  it('keeps the blob listing and the index in step', async () => {
    await server.services.speechCache.settled();
    assert.equal(await cachedBlobBytes(), await server.services.speechCache.totalBytes());
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TypecastClient } from '@neosapience/typecast-js';
import { f0Stats } from '../../../../src/synthesis/analysis/f0.js';
import type { Pcm } from '../../../../src/synthesis/audio.js';
import { decodeMp3 } from '../../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../../src/synthesis/decoders/wav.js';
import { similarity } from '../../../synthesis/adaptation/clone-fixture.js';
import { readSentences, speakers, testSentences } from '../../../synthesis/adaptation/speakers.js';
import { openCustomVoiceServer, semitones, type CustomVoiceServer } from './fixture.js';

const text = testSentences.join(' ');
const show = (n: number, digits = 2) => (n >= 0 ? '+' : '') + n.toFixed(digits);
const seconds = (pcm: Pcm) => pcm.samples.length / pcm.sampleRate;

/**
 * The official flow over real HTTP: clone a synthetic speaker, speak another text with the
 * returned id at once, measure it against the sample, list, delete, delete again. The official
 * client @neosapience/typecast-js 0.1.4 has no clone call, so cloning is plain multipart fetch;
 * its textToSpeech speaks with the custom voice.
 */
describe('custom voices over HTTP: the official flow', () => {
  let cv: CustomVoiceServer;
  let owner: { uid: string; apiKey: string };
  let stranger: { uid: string; apiKey: string };
  before(async () => {
    cv = await openCustomVoiceServer();
    owner = await cv.server.createAccount('plus');
    stranger = await cv.server.createAccount('plus');
  });
  after(() => cv.close());

  it('clones, speaks a different text at once like the sample, and deletes leaving nothing behind', async () => {
    const sample = await cv.speaker(speakers[0]);
    const wav = cv.wav(sample);
    const started = performance.now();
    const cloneRequested = Date.now();
    const cloned = await cv.clone(owner.apiKey, { file: { bytes: wav }, name: 'Bright', model: 'ssfm-v30' });
    const cloneMs = performance.now() - started;
    assert.equal(cloned.status, 200, JSON.stringify(cloned.body));
    assert.match(cloned.type ?? '', /^application\/json/);
    assert.deepEqual(Object.keys(cloned.body), ['voice_id', 'name', 'model']);
    assert.match(cloned.body.voice_id, /^uc_[0-9a-f]{24}$/);
    assert.deepEqual([cloned.body.name, cloned.body.model], ['Bright', 'ssfm-v30']);
    const id: string = cloned.body.voice_id;

    // At once, with the returned id: a different text, measured against the sample.
    const spoken = await cv.speak(owner.apiKey, { voice_id: id, text });
    const usable = await cv.server.services.customVoices.findUsable(owner.uid, id);
    assert.ok(usable);
    const base = await readSentences(cv.server.services.pool, testSentences, usable.profile.variant);
    const clone = await similarity(spoken, sample);
    const yardstick = await similarity(base, sample);
    console.log(
      `clone of ${(sample.samples.length / sample.sampleRate).toFixed(1)} s over HTTP in ${(cloneMs / 1000).toFixed(2)} s; 44.1 kHz speech vs sample:\n` +
        `  clone: F0 ${show(clone.medianF0)} st, range ${show(clone.range)} st, rate ${show(100 * clone.rate, 1)} %, spectrum ${clone.spectrum.toFixed(2)} dB\n` +
        `  base ${usable.profile.variant}: F0 ${show(yardstick.medianF0)} st, range ${show(yardstick.range)} st, rate ${show(100 * yardstick.rate, 1)} %, spectrum ${yardstick.spectrum.toFixed(2)} dB`,
    );
    assert.ok(Math.abs(clone.medianF0) <= 1, `median F0 off by ${clone.medianF0.toFixed(2)} st`);
    assert.ok(Math.abs(clone.range) <= 2, `F0 range off by ${clone.range.toFixed(2)} st`);
    assert.ok(Math.abs(clone.rate) <= 0.1, `rate off by ${(100 * clone.rate).toFixed(1)} %`);
    assert.ok(clone.spectrum <= yardstick.spectrum / 2, `spectrum ${clone.spectrum.toFixed(2)} dB vs base ${yardstick.spectrum.toFixed(2)} dB`);

    // The official client speaks with it too.
    const client = new TypecastClient({ baseHost: cv.server.url, apiKey: owner.apiKey });
    const official = await client.textToSpeech({ text: 'The official client speaks with my own voice now.', voice_id: id, model: 'ssfm-v30' as 'ssfm-v21' }); // the client's types know only v21
    const officialPcm = decodeWav(new Uint8Array(official.audioData));
    assert.equal(officialPcm.sampleRate, 44100);
    const officialF0 = (await f0Stats(officialPcm)).median;
    const sampleF0 = (await f0Stats(sample)).median;
    assert.ok(Math.abs(semitones(sampleF0, officialF0)) <= 1.5, `official client: ${officialF0.toFixed(1)} Hz vs sample ${sampleF0.toFixed(1)} Hz`);
    await assert.rejects(client.textToSpeech({ text: 'Wrong model.', voice_id: id, model: 'ssfm-v21' }), (e: { statusCode?: number }) => e.statusCode === 400);

    // Listings: first in /v3/voices (completed), and in /v1/custom-voices.
    const v3 = await cv.json('GET', '/v3/voices', owner.apiKey);
    assert.equal(v3.body[0].voice_id, id);
    assert.equal(v3.body[0].voice_type, 'custom');
    assert.equal(v3.body[0].preview_url, null);
    assert.deepEqual(v3.body[0].models.map((m: { version: string }) => m.version), ['ssfm-v30']);
    assert.equal(v3.body.filter((v: { voice_id: string }) => v.voice_id === id).length, 1);
    assert.equal((await cv.json('GET', `/v3/voices/${id}`, owner.apiKey)).status, 200);
    const listed = await cv.json('GET', '/v1/custom-voices', owner.apiKey);
    assert.equal(listed.status, 200);
    assert.equal(listed.body.length, 1);
    const item = listed.body[0];
    assert.deepEqual(Object.keys(item), ['voice_id', 'name', 'model', 'source', 'status', 'error', 'created_at']);
    assert.deepEqual([item.voice_id, item.name, item.model, item.source, item.status, item.error], [id, 'Bright', 'ssfm-v30', 'instant', 'completed', null]);
    assert.match(item.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    // Made while the clone request ran (second precision on the wire): not a time of its own invention.
    const createdAt = Date.parse(item.created_at);
    assert.ok(createdAt >= Math.floor(cloneRequested / 1000) * 1000 && createdAt <= Date.now(), item.created_at);
    assert.deepEqual((await cv.json('GET', `/v1/custom-voices/${id}`, owner.apiKey)).body, item);

    // Another account: nowhere.
    assert.deepEqual((await cv.json('GET', '/v1/custom-voices', stranger.apiKey)).body, []);
    const theirs = (await cv.json('GET', '/v3/voices', stranger.apiKey)).body as { voice_id: string }[];
    assert.ok(!theirs.some((v) => v.voice_id === id));
    for (const [method, route, body] of [
      ['GET', `/v1/custom-voices/${id}`],
      ['GET', `/v3/voices/${id}`],
      ['DELETE', `/v1/custom-voices/${id}`],
      ['DELETE', `/v1/voices/${id}`],
      ['POST', '/v1/text-to-speech', { voice_id: id, text: 'Not mine.', model: 'ssfm-v30' }],
    ] as const) {
      const res = await cv.json(method, route, stranger.apiKey, body);
      assert.equal(res.status, 404, `${method} ${route}`);
      assert.equal(typeof res.body.detail, 'string');
    }

    // The upload is stored after the answer; deleting removes it with the voice.
    await cv.server.services.customVoices.idle();
    const keys = await cv.blobKeys(`custom-voices/${owner.uid}/${id}/`);
    assert.deepEqual(keys.map((k) => k.split('/').pop()), ['original.wav']);
    assert.deepEqual(new Uint8Array((await cv.server.services.blobs.get(keys[0]))!), wav);
    assert.deepEqual(cv.leftovers(), []);

    const deleted = await cv.call('DELETE', `/v1/voices/${id}`, owner.apiKey);
    assert.equal(deleted.status, 204);
    assert.equal((await deleted.arrayBuffer()).byteLength, 0, 'empty body');
    for (const route of [`/v1/voices/${id}`, `/v1/custom-voices/${id}`]) {
      const again = await cv.json('DELETE', route, owner.apiKey);
      assert.equal(again.status, 404);
      assert.equal(typeof again.body.detail, 'string');
    }
    assert.equal((await cv.json('POST', '/v1/text-to-speech', owner.apiKey, { voice_id: id, text: 'Gone.', model: 'ssfm-v30' })).status, 404);
    assert.equal((await cv.json('GET', `/v1/custom-voices/${id}`, owner.apiKey)).status, 404);
    assert.deepEqual((await cv.json('GET', '/v1/custom-voices', owner.apiKey)).body, []);
    assert.notEqual((await cv.json('GET', '/v3/voices', owner.apiKey)).body[0].voice_id, id);
    assert.deepEqual(await cv.blobKeys(), [], 'no stored upload left');
    assert.deepEqual(cv.leftovers(), [], 'no temp file left');
    const row = await cv.server.services.store.db.selectFrom('custom_voices').select('voice_id').where('voice_id', '=', id).executeTakeFirst();
    assert.equal(row, undefined, 'no row (nor profile) left');
  });

  it('emotions and output controls still act on a custom voice (cloned through the deprecated /v1/voices/clone)', async () => {
    const sample = await cv.speaker(speakers[1]);
    const cloned = await cv.clone(owner.apiKey, { file: { bytes: cv.wav(sample), filename: 'me.wav' }, name: 'Dark', model: 'ssfm-v21' }, '/v1/voices/clone');
    assert.equal(cloned.status, 200, JSON.stringify(cloned.body));
    const id: string = cloned.body.voice_id;
    const line = 'Please remember to water the plants on the balcony while I am away next week.';
    const speak = (extra: Record<string, unknown>) => cv.speak(owner.apiKey, { voice_id: id, text: line, model: 'ssfm-v21', ...extra });
    const [normal, happy, fast, high] = await Promise.all([
      speak({}),
      speak({ prompt: { emotion_preset: 'happy', emotion_intensity: 1 } }),
      speak({ output: { audio_tempo: 2 } }),
      speak({ output: { audio_pitch: 12 } }),
    ]);
    const [fn, fh, fp] = await Promise.all([f0Stats(normal), f0Stats(happy), f0Stats(high)]);
    const tempoRatio = seconds(fast) / seconds(normal);
    console.log(
      `custom voice: normal ${fn.median.toFixed(1)} Hz, happy ${fh.median.toFixed(1)} Hz (${show(semitones(fn.median, fh.median))} st), ` +
        `pitch +12 ${fp.median.toFixed(1)} Hz (×${(fp.median / fn.median).toFixed(3)}), tempo 2 → duration ×${tempoRatio.toFixed(3)}`,
    );
    assert.ok(semitones(fn.median, fh.median) > 1, 'happy is higher than normal');
    assert.ok(Math.abs(semitones(fn.median, fp.median) - 12) < 1, 'audio_pitch +12 doubles F0');
    assert.ok(Math.abs(tempoRatio - 0.5) < 0.04, 'audio_tempo 2 halves the duration');
    // A v21 voice knows only v21's emotions; MP3 output works.
    const whisper = await cv.json('POST', '/v1/text-to-speech', owner.apiKey, { voice_id: id, text: line, model: 'ssfm-v21', prompt: { emotion_preset: 'whisper' } });
    assert.equal(whisper.status, 400);
    const mp3 = await cv.json('POST', '/v1/text-to-speech', owner.apiKey, { voice_id: id, text: line, model: 'ssfm-v21', output: { audio_format: 'mp3' } });
    assert.equal(mp3.status, 200);
    assert.equal(mp3.headers.get('content-type'), 'audio/mp3');
    const decoded = await decodeMp3(mp3.bytes);
    assert.ok(Math.abs(seconds(decoded) - Number(mp3.headers.get('x-audio-duration'))) < 0.1);
    assert.equal((await cv.call('DELETE', `/v1/custom-voices/${id}`, owner.apiKey)).status, 204);
    await cv.server.services.customVoices.idle();
    assert.deepEqual(await cv.blobKeys(), []);
    assert.deepEqual(cv.leftovers(), []);
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TypecastAPIError, TypecastClient } from '@neosapience/typecast-js';
import { decodeMp3 } from '../../../src/synthesis/decoders/mp3.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { openCurrentApi, wavHeader, type CurrentApi } from './current-api.js';

/** The official JS client from npm, pointed at Orator by its base host alone. */
describe('official client @neosapience/typecast-js against Orator', () => {
  let api: CurrentApi;
  let client: TypecastClient;
  before(async () => {
    api = await openCurrentApi('plus');
    client = new TypecastClient({ baseHost: api.server.url, apiKey: api.apiKey });
  });
  after(() => api.close());

  it('lists voices, filters them by model, and reads one by id', async () => {
    const all = await client.getVoices();
    assert.ok(all.length > 50, `${all.length} voice entries`);
    for (const v of all) {
      assert.match(v.voice_id, /^tc_[0-9a-f]{24}$/);
      assert.equal(typeof v.voice_name, 'string');
      assert.ok(Array.isArray(v.emotions) && v.emotions.includes('normal'));
    }
    const v21 = await client.getVoices('ssfm-v21');
    assert.ok(v21.length > 0 && v21.length < all.length);
    assert.ok(v21.every((v) => v.model === 'ssfm-v21' && v.emotions.join() === 'normal,happy,sad,angry'));
    const one = await client.getVoiceById(v21[0].voice_id);
    assert.ok(Array.isArray(one), 'the v1 detail answers an array');
    assert.ok(one.every((v) => v.voice_id === v21[0].voice_id));
    assert.deepEqual(one.map((v) => v.model).sort(), all.filter((v) => v.voice_id === v21[0].voice_id).map((v) => v.model).sort());
    const only = await client.getVoiceById(v21[0].voice_id, 'ssfm-v21');
    assert.equal(only.length, 1);
  });

  it('synthesizes WAV: PCM 16-bit mono 44100 Hz whose length is X-Audio-Duration', async () => {
    const [voice] = await client.getVoices('ssfm-v21');
    const speech = await client.textToSpeech({ text: 'Hello from the official client. It works unchanged.', voice_id: voice.voice_id, model: 'ssfm-v21' });
    assert.equal(speech.format, 'wav');
    const bytes = new Uint8Array(speech.audioData);
    const header = wavHeader(bytes);
    assert.deepEqual([header.riff, header.wave, header.format, header.channels, header.sampleRate, header.bitsPerSample], ['RIFF', 'WAVE', 1, 1, 44100, 16]);
    assert.equal(header.dataSize, bytes.length - 44);
    const pcm = decodeWav(bytes);
    const seconds = pcm.samples.length / pcm.sampleRate;
    assert.ok(speech.duration > 1.5, `duration ${speech.duration}`);
    assert.ok(Math.abs(seconds - speech.duration) < 0.002, `decoded ${seconds} s, header ${speech.duration} s`);
  });

  it('synthesizes MP3 at 44100 Hz whose decoded length matches X-Audio-Duration', async () => {
    const [voice] = await client.getVoices('ssfm-v21');
    const speech = await client.textToSpeech({
      text: 'The same voice, as an MP3 file.',
      voice_id: voice.voice_id,
      model: 'ssfm-v21',
      language: 'eng',
      output: { audio_format: 'mp3', volume: 120, audio_pitch: 2, audio_tempo: 1.1 },
      prompt: { emotion_preset: 'happy', emotion_intensity: 1.5 },
      seed: 42,
    });
    const bytes = new Uint8Array(speech.audioData);
    assert.equal(bytes[0], 0xff, 'starts with an MPEG frame sync');
    const pcm = await decodeMp3(bytes);
    assert.equal(pcm.sampleRate, 44100);
    const seconds = pcm.samples.length / pcm.sampleRate;
    // A bare MP3 carries LAME's encoder delay and up to a frame of padding (≈ 0.05 s).
    assert.ok(seconds >= speech.duration - 0.005 && seconds - speech.duration < 0.08, `decoded ${seconds} s, header ${speech.duration} s`);
  });

  it('reports 401 for a wrong key, 404 for an unknown voice, 422 for a bad request', async () => {
    const wrong = new TypecastClient({ baseHost: api.server.url, apiKey: 'not-a-key' });
    await assert.rejects(wrong.getVoices(), (e: unknown) => e instanceof TypecastAPIError && e.statusCode === 401);
    await assert.rejects(
      client.textToSpeech({ text: 'hi', voice_id: 'tc_ffffffffffffffffffffffff', model: 'ssfm-v21' }),
      (e: unknown) => e instanceof TypecastAPIError && e.statusCode === 404,
    );
    await assert.rejects(client.getVoices('non-existent-model'), (e: unknown) => {
      assert.ok(e instanceof TypecastAPIError && e.statusCode === 422);
      const detail = (e.response as unknown as { detail: { loc: unknown[]; type: string }[] }).detail;
      assert.deepEqual(detail[0].loc, ['query', 'model']);
      assert.equal(detail[0].type, 'enum');
      return true;
    });
    await assert.rejects(
      client.textToSpeech({ text: '', voice_id: 'tc_ffffffffffffffffffffffff', model: 'ssfm-v21' }),
      (e: unknown) => e instanceof TypecastAPIError && e.statusCode === 422,
    );
    await assert.rejects(client.getVoiceById('tc_ffffffffffffffffffffffff'), (e: unknown) => e instanceof TypecastAPIError && e.statusCode === 404);
  });
});

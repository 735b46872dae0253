import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { f0Stats } from '../../../src/synthesis/analysis/f0.js';
import { rmsDb } from '../../../src/synthesis/analysis/rms.js';
import type { Pcm } from '../../../src/synthesis/audio.js';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, pollUntilFinished, type EarlierClient } from './earlier-client.js';

const james = findVoiceByAnyName('eng-james')!.id;
const text = 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore.';
const semitones = (from: number, to: number) => 12 * Math.log2(to / from);

describe('output controls of POST /api/speak measured on the audio', () => {
  let server: TestServer;
  let client: EarlierClient;
  const base = { text, lang: 'en-us', actor_id: james, model_version: 'v1' };
  const speak = async (fields: Record<string, unknown>): Promise<Pcm & { duration: number }> => {
    const answer = await client.post('/api/text-to-speech', { ...base, ...fields });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const pcm = decodeWav(answer.bytes);
    return { ...pcm, duration: pcm.samples.length / pcm.sampleRate };
  };
  let plain: Pcm & { duration: number };
  let plainF0: number;
  before(async () => {
    server = await startTestServer();
    client = earlierClient(server, (await server.createAccount('custom')).apiToken);
    plain = await speak({});
    plainF0 = (await f0Stats(plain)).median;
    assert.equal(plain.sampleRate, 16000);
  });
  after(() => server.close());

  it('tempo 2 halves and 0.5 doubles the duration, keeping the pitch', async () => {
    const fast = await speak({ tempo: 2 });
    const slow = await speak({ tempo: 0.5 });
    // Tempo scales the speech and the pauses between sentences alike.
    assert.ok(Math.abs(fast.duration / plain.duration - 0.5) < 0.03, `${plain.duration} → ${fast.duration}`);
    assert.ok(Math.abs(slow.duration / plain.duration - 2) < 0.1, `${plain.duration} → ${slow.duration}`);
    const fastF0 = (await f0Stats(fast)).median;
    // The core's tempo stage measures up to ~1.7 st higher at tempo 2 (reported); an octave error would be 12.
    assert.ok(Math.abs(semitones(plainF0, fastF0)) < 2, `F0 ${plainF0.toFixed(1)} → ${fastF0.toFixed(1)} Hz`);
  });

  it('speed_x 1.5 speaks slower (about 1.5× as long) and 0.5 faster, through the engine rate', async () => {
    const slower = await speak({ speed_x: 1.5 });
    const faster = await speak({ speed_x: 0.5 });
    const up = slower.duration / plain.duration;
    const down = faster.duration / plain.duration;
    assert.ok(up > 1.3 && up < 1.7, `speed_x 1.5: ×${up.toFixed(2)}`);
    assert.ok(down > 0.4 && down < 0.65, `speed_x 0.5: ×${down.toFixed(2)}`);
    assert.ok(Math.abs(semitones(plainF0, (await f0Stats(slower)).median)) < 1.5, 'speed_x keeps the pitch');
  });

  it('pitch +12 doubles and −12 halves the median F0, duration unchanged', async () => {
    const up = await speak({ pitch: 12 });
    const down = await speak({ pitch: -12 });
    const upSt = semitones(plainF0, (await f0Stats(up)).median);
    const downSt = semitones(plainF0, (await f0Stats(down)).median);
    assert.ok(Math.abs(upSt - 12) < 1, `+12 → ${upSt.toFixed(2)} st`);
    assert.ok(Math.abs(downSt + 12) < 1, `−12 → ${downSt.toFixed(2)} st`);
    assert.ok(Math.abs(up.duration / plain.duration - 1) < 0.01);
  });

  it('volume 50 is −6 dB, 200 is louder by up to +6 dB (peaks limited)', async () => {
    const half = await speak({ volume: 50 });
    const double = await speak({ volume: 200 });
    const halfDb = rmsDb(half) - rmsDb(plain);
    const doubleDb = rmsDb(double) - rmsDb(plain);
    assert.ok(Math.abs(halfDb + 6.02) < 0.3, `volume 50: ${halfDb.toFixed(2)} dB`);
    assert.ok(doubleDb > 4 && doubleDb < 6.3, `volume 200: ${doubleDb.toFixed(2)} dB`);
  });

  it('max_seconds cuts (at a word), duration fixes the length and overrides tempo and speed_x', async () => {
    const cut = await speak({ max_seconds: 2 });
    assert.ok(plain.duration > 4, `plain ${plain.duration}`);
    assert.ok(cut.duration <= 2 && cut.duration > 1.2, `max_seconds 2 → ${cut.duration}`);
    const fixed = await speak({ duration: 7.5, tempo: 2, speed_x: 0.5 });
    assert.ok(Math.abs(fixed.duration - 7.5) < 0.01, `duration 7.5 → ${fixed.duration}`);
    const long = await client.post('/api/text-to-speech', { ...base, text: `${text} ${text} ${text} ${text}`.slice(0, 350) });
    const longPcm = decodeWav(long.bytes);
    assert.ok(longPcm.samples.length / longPcm.sampleRate <= 30, 'max_seconds defaults to 30');
  });

  it('last_pitch ±2 moves the last word of each sentence by about ±4 semitones and leaves the first words alone (prosody-meta F0)', async () => {
    const wordF0 = async (lastPitch: number) => {
      const created = await client.post('/api/speak', { ...base, last_pitch: lastPitch });
      assert.equal(created.status, 200);
      const url: string = created.body.result.speak_v2_url;
      await pollUntilFinished(client, url, 100);
      const meta = await client.post(`/api/speak/prosody-meta/${url.split('/').pop()}`, { language: 'en-us', version: 'v2' });
      assert.equal(meta.status, 200, JSON.stringify(meta.body));
      return meta.body.result.prosody_meta as { phoneme_seq: string[]; features: { f0: (number | null)[] } };
    };
    const [flat, high, low] = await Promise.all([wordF0(0), wordF0(2), wordF0(-2)]);
    assert.deepEqual(high.phoneme_seq, flat.phoneme_seq);
    const lastOfSentences = [flat.phoneme_seq.indexOf('dog.'), flat.phoneme_seq.indexOf('shore.')];
    for (const i of lastOfSentences) {
      const up = semitones(flat.features.f0[i]!, high.features.f0[i]!);
      const down = semitones(flat.features.f0[i]!, low.features.f0[i]!);
      assert.ok(up > 2.5 && up < 5.5, `${flat.phoneme_seq[i]}: last_pitch 2 → ${up.toFixed(2)} st`);
      assert.ok(down < -2.5 && down > -5.5, `${flat.phoneme_seq[i]}: last_pitch −2 → ${down.toFixed(2)} st`);
    }
    for (const i of [0, 1, 2]) {
      const moved = semitones(flat.features.f0[i]!, high.features.f0[i]!);
      assert.ok(Math.abs(moved) < 0.5, `${flat.phoneme_seq[i]} moved ${moved.toFixed(2)} st`);
    }
  });
});

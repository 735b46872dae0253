import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CustomVoiceError, type CustomVoiceErrorCode } from '../../../src/services/custom-voices/index.js';
import { encodeMp3 } from '../../../src/synthesis/encoders/mp3.js';
import { encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import { resample } from '../../../src/synthesis/dsp/resample.js';
import { noiseSource } from '../../synthesis/signals.js';
import { openServiceFixture, type ServiceFixture } from './fixture.js';
import { wavWith } from './wav-with.js';
import { customVoiceStatus } from '../../../src/http/current/error-renderer.js';


describe('every bad upload gets its decided answer, never a crash', () => {
  let f: ServiceFixture;
  let uid: string;
  let speech: Uint8Array;
  let mp3: Uint8Array;
  const clone = (file: Uint8Array) => f.service.createInstantClone({ accountUid: uid, name: 'sample', model: 'ssfm-v30', file });
  const refusal = (code: CustomVoiceErrorCode, status = 400) => (error: unknown) => {
    assert.ok(error instanceof CustomVoiceError, `expected CustomVoiceError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    assert.equal(customVoiceStatus[error.code], status);
    return true;
  };

  before(async () => {
    f = await openServiceFixture();
    await f.plans.update('custom', { customVoiceSlot: 500 });
    uid = await f.account('custom');
    const pcm = await f.speech(7);
    speech = encodeWavPcm16(pcm);
    mp3 = await encodeMp3(await resample(pcm, 44100));
  });
  after(() => f.close());

  it('an MP3 is accepted whatever it is called: the content decides', async () => {
    const voice = await clone(mp3);
    assert.equal(voice.status, 'completed');
  });

  it('empty, garbage, truncated and text files are unreadable', async () => {
    await assert.rejects(clone(new Uint8Array(0)), refusal('unreadable_audio'));
    const random = noiseSource(3);
    await assert.rejects(clone(Uint8Array.from({ length: 50_000 }, () => Math.floor((random() + 1) * 128))), refusal('unreadable_audio'));
    await assert.rejects(clone(speech.subarray(0, Math.floor(speech.length / 2))), refusal('unreadable_audio'));
    await assert.rejects(clone(speech.subarray(0, 30)), refusal('unreadable_audio'));
    await assert.rejects(clone(new TextEncoder().encode('<html>not audio</html>'.repeat(100))), refusal('unreadable_audio'));
    await assert.rejects(clone(mp3.subarray(0, 3)), refusal('unreadable_audio'));
  });

  it('unsupported layouts and rates are unreadable', async () => {
    const data = new Uint8Array(16000 * 2 * 8);
    await assert.rejects(clone(wavWith({ tag: 2, bits: 4, blockAlign: 256, data })), refusal('unreadable_audio')); // ADPCM
    await assert.rejects(clone(wavWith({ tag: 3, bits: 24, data })), refusal('unreadable_audio')); // 24-bit float
    await assert.rejects(clone(wavWith({ rate: 4000, data })), refusal('unreadable_audio')); // too coarse to hold a voice
    await assert.rejects(clone(wavWith({ channels: 0, data })), refusal('unreadable_audio'));
  });

  it('too short, too long, too large and silent get their own answers', async () => {
    await assert.rejects(clone(speech.subarray(0, 44 + 2 * 22050 * 3)), refusal('unreadable_audio')); // its header says 7 s: truncated
    await assert.rejects(clone(wavWith({ rate: 22050, data: speech.subarray(44, 44 + 2 * 22050 * 3) })), refusal('audio_too_short'));
    await assert.rejects(clone(wavWith({ rate: 8000, data: new Uint8Array(8000 * 2 * 151) })), refusal('audio_too_long'));
    const longMp3 = await encodeMp3({ samples: new Float32Array(16000 * 160), sampleRate: 16000 });
    await assert.rejects(clone(longMp3), refusal('audio_too_long'));
    await assert.rejects(clone(new Uint8Array(25_000_001)), refusal('file_too_large'));
    await assert.rejects(clone(wavWith({ rate: 16000, data: new Uint8Array(16000 * 2 * 20) })), (error) => {
      refusal('not_enough_speech')(error);
      assert.match((error as Error).message, /voiced speech/);
      return true;
    });
    const hiss = noiseSource(9);
    const noise = Float32Array.from({ length: 16000 * 10 }, () => 0.3 * hiss());
    await assert.rejects(clone(encodeWavPcm16({ samples: noise, sampleRate: 16000 })), refusal('not_enough_speech'));
    assert.deepEqual(await f.service.list(uid).then((l) => l.filter((v) => v.status !== 'completed')), [], 'refused uploads leave no voice');
  });

  it('fuzz: damaged WAV and MP3 files either make a voice or are refused with a 400', async () => {
    const random = noiseSource(42);
    const pick = (n: number) => Math.floor(((random() + 1) / 2) * n);
    let made = 0;
    let refused = 0;
    for (let round = 0; round < 36; round++) {
      const original = round % 2 === 0 ? speech : mp3;
      const bytes = Uint8Array.from(original);
      const kind = round % 6;
      if (kind < 2) for (let i = 0; i < 1 + pick(8); i++) bytes[pick(Math.min(bytes.length, 200))] = pick(256); // header bytes
      else if (kind < 4) for (let i = 0; i < 50; i++) bytes[pick(bytes.length)] = pick(256); // anywhere
      const file = kind === 4 ? bytes.subarray(0, pick(bytes.length)) : kind === 5 ? Buffer.concat([bytes.subarray(0, pick(bytes.length)), bytes]) : bytes;
      try {
        const voice = await clone(file);
        assert.ok(voice.status === 'completed' || voice.status === 'failed');
        made++;
      } catch (error) {
        assert.ok(error instanceof CustomVoiceError && customVoiceStatus[error.code] === 400, `round ${round}: ${String(error)}`);
        refused++;
      }
    }
    console.log(`fuzz: ${made} made a voice, ${refused} refused with 400; unforeseen decoder errors caught: ${f.errors.length}`);
    await f.service.idle();
    assert.deepEqual(f.leftovers(), []);
  });
});

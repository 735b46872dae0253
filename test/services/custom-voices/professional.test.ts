import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DatabaseJobQueue } from '../../../src/queue/database-job-queue.js';
import { CustomVoiceError, type CustomVoice, type CustomVoiceErrorCode } from '../../../src/services/custom-voices/index.js';
import type { Pcm } from '../../../src/synthesis/audio.js';
import { resample } from '../../../src/synthesis/dsp/resample.js';
import { encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import { speakers } from '../../synthesis/adaptation/speakers.js';
import { openServiceFixture, repeated, type ServiceFixture } from './fixture.js';
import { customVoiceStatus } from '../../../src/http/current/error-renderer.js';

const refusal = (code: CustomVoiceErrorCode, status = 400) => (error: unknown) =>
  error instanceof CustomVoiceError && error.code === code && customVoiceStatus[error.code] === status;

async function until(f: ServiceFixture, uid: string, voiceId: string, done: (v: CustomVoice) => boolean, timeoutMs = 240_000): Promise<CustomVoice> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const voice = await f.service.get(uid, voiceId);
    if (done(voice)) return voice;
    if (Date.now() > deadline) throw new Error(`voice still ${voice.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('professional clones: a queued, restartable training', () => {
  let f: ServiceFixture;
  let uid: string;
  let reading: Pcm;
  before(async () => {
    f = await openServiceFixture();
    uid = await f.account('custom');
    reading = await f.speech(60, speakers[1]);
  });
  after(() => f.close());

  it('refuses short, low-rate and misnamed recordings, and plans without professional slots', async () => {
    const minute = encodeWavPcm16(reading);
    const create = (file: Uint8Array, extra: { language?: string; accountUid?: string } = {}) =>
      f.service.createProfessionalClone({ accountUid: uid, name: 'pro', model: 'ssfm-v21', language: 'eng', file, ...extra });
    await assert.rejects(create(minute, { language: 'xx' }), refusal('invalid_field', 422));
    await assert.rejects(create(minute), refusal('audio_too_short'));
    const lowRate = encodeWavPcm16(repeated(await resample(reading, 8000), 320));
    await assert.rejects(create(lowRate), refusal('unreadable_audio'));
    const lite = await f.account('lite');
    const long = encodeWavPcm16(repeated(reading, 310));
    await assert.rejects(create(long, { accountUid: lite }), refusal('no_free_slot', 403));
    assert.deepEqual(f.leftovers(), []);
  });

  it('goes pending → training → completed, and a new queue instance picks the job up after a restart', async () => {
    const recording = encodeWavPcm16(repeated(reading, 310));
    const voice = await f.service.createProfessionalClone({ accountUid: uid, name: 'Narrator', model: 'ssfm-v30', language: 'ENG', file: recording });
    assert.equal(voice.status, 'pending');
    assert.equal(voice.source, 'professional');
    assert.equal(voice.language, 'eng');
    // The process "dies" before any worker ran: the first queue never started.
    await f.queue.stop();
    const restarted = new DatabaseJobQueue(f.store, { pollIntervalMs: 50 });
    f.service.registerJobs(restarted);
    const started = Date.now();
    await restarted.start();
    try {
      const seen = new Set<string>();
      const done = await until(f, uid, voice.voiceId, (v) => (seen.add(v.status), v.status === 'completed' || v.status === 'failed'));
      console.log(`professional training of 310 s: ${((Date.now() - started) / 1000).toFixed(1)} s; statuses seen ${[...seen].join(' → ')}`);
      assert.equal(done.status, 'completed', done.error ?? '');
      assert.ok(seen.has('training') || seen.has('pending'));
      const usable = await f.service.findUsable(uid, voice.voiceId);
      assert.ok(usable);
      // The sample is "dark slow man": a male base, lowered, slowed, formants lowered.
      assert.equal(usable.profile.gender, 'male');
      assert.ok(usable.profile.pitch < 0 && usable.profile.rate < 1 && usable.profile.formantScale < 1, JSON.stringify(usable.profile));

      // A silent recording passes the upload checks but fails in training, with a reason shown to the owner.
      const silent = encodeWavPcm16({ samples: new Float32Array(16000 * 305), sampleRate: 16000 });
      const mute = await f.service.createProfessionalClone({ accountUid: uid, name: 'Mute', model: 'ssfm-v30', language: 'eng', file: silent });
      const failed = await until(f, uid, mute.voiceId, (v) => v.status === 'failed' || v.status === 'completed');
      assert.equal(failed.status, 'failed');
      assert.match(failed.error ?? '', /voiced speech/);
      await f.service.delete(uid, mute.voiceId);
      await f.service.delete(uid, voice.voiceId);
      const keys: string[] = [];
      for await (const key of f.blobs.list(`custom-voices/${uid}/`)) keys.push(key);
      assert.deepEqual(keys, [], 'recordings are removed with their voices');
    } finally {
      await restarted.stop({ timeoutMs: 5000 });
    }
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CustomVoiceError, CustomVoiceResolver, cloneSlotKey, type CustomVoiceErrorCode } from '../../../src/services/custom-voices/index.js';
import { encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import { openServiceFixture, type ServiceFixture } from './fixture.js';
import { customVoiceStatus } from '../../../src/http/current/error-renderer.js';

const refusal = (code: CustomVoiceErrorCode, status: number) => (error: unknown) =>
  error instanceof CustomVoiceError && error.code === code && customVoiceStatus[error.code] === status;

async function blobKeys(f: ServiceFixture, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of f.blobs.list(prefix)) keys.push(key);
  return keys;
}

describe('custom voices: create, own, list, delete', () => {
  let f: ServiceFixture;
  let sample: Uint8Array;
  before(async () => {
    f = await openServiceFixture();
    sample = encodeWavPcm16(await f.speech(8));
  });
  after(() => f.close());

  it('an instant clone is completed when it returns, belongs to its account only, and deleting it leaves nothing behind', async () => {
    const owner = await f.account('lite');
    const stranger = await f.account('lite');
    const voice = await f.service.createInstantClone({ accountUid: owner, name: 'My voice', model: 'ssfm-v30', file: sample });
    assert.match(voice.voiceId, /^uc_[0-9a-f]{24}$/);
    assert.equal(voice.status, 'completed');
    assert.equal(voice.source, 'instant');
    assert.equal(voice.error, null);

    const resolver = new CustomVoiceResolver(f.service);
    const resolved = await resolver.resolve(owner, voice.voiceId);
    assert.ok(resolved);
    assert.deepEqual(resolved.models.map((m) => m.version), ['ssfm-v30']);
    const rendering = resolved.render('ssfm-v30', { preset: 'happy', intensity: 1 }, 'eng');
    assert.ok(rendering.profile, 'the rendering carries the profile');
    assert.equal(rendering.voice.engine, 'espeak');
    assert.ok(rendering.prosody.pitch > rendering.profile.pitch, 'the emotion stacks on the profile');
    assert.equal(await resolver.resolve(stranger, voice.voiceId), null);

    assert.deepEqual((await f.service.list(owner)).map((v) => v.voiceId), [voice.voiceId]);
    assert.deepEqual(await f.service.list(stranger), []);
    assert.deepEqual((await f.service.listUsable(owner)).map((v) => v.voiceId), [voice.voiceId]);
    await assert.rejects(f.service.get(stranger, voice.voiceId), refusal('voice_not_found', 404));
    await assert.rejects(f.service.delete(stranger, voice.voiceId), refusal('voice_not_found', 404));

    await f.service.idle();
    const prefix = `custom-voices/${owner}/${voice.voiceId}/`;
    const stored = await blobKeys(f, prefix);
    assert.equal(stored.length, 1, 'the upload is stored after the answer');
    assert.deepEqual(await f.blobs.get(stored[0]), Buffer.from(sample));
    assert.deepEqual(f.leftovers(), [], 'no temp files remain');

    await f.service.delete(owner, voice.voiceId);
    await assert.rejects(f.service.get(owner, voice.voiceId), refusal('voice_not_found', 404));
    await assert.rejects(f.service.delete(owner, voice.voiceId), refusal('voice_not_found', 404));
    assert.equal(await resolver.resolve(owner, voice.voiceId), null);
    assert.deepEqual(await blobKeys(f, prefix), [], 'the upload is gone');
    const row = await f.store.db.selectFrom('custom_voices').selectAll().where('voice_id', '=', voice.voiceId).executeTakeFirst();
    assert.equal(row, undefined, 'the row and its profile are gone');
  });

  it('checks name and model first (422), then the audio (400), then the plan (403)', async () => {
    const uid = await f.account('lite');
    const garbage = new Uint8Array(1000).fill(7);
    await assert.rejects(f.service.createInstantClone({ accountUid: uid, name: '', model: 'ssfm-v30', file: garbage }), refusal('invalid_field', 422));
    await assert.rejects(f.service.createInstantClone({ accountUid: uid, name: 'x'.repeat(31), model: 'ssfm-v30', file: garbage }), refusal('invalid_field', 422));
    await assert.rejects(f.service.createInstantClone({ accountUid: uid, name: 'ok', model: 'ssfm-v31', file: garbage }), refusal('invalid_field', 422));
    await assert.rejects(f.service.createInstantClone({ accountUid: uid, name: 'ok', model: undefined, file: garbage }), refusal('invalid_field', 422));
    await f.plans.create({ ...(await f.plans.require('lite')), name: 'noclone', cloneAllowed: false });
    const barred = await f.account('noclone');
    await assert.rejects(f.service.createInstantClone({ accountUid: barred, name: 'ok', model: 'ssfm-v21', file: garbage }), refusal('unreadable_audio', 400));
    await assert.rejects(f.service.createInstantClone({ accountUid: barred, name: 'ok', model: 'ssfm-v21', file: sample }), refusal('cloning_not_allowed', 403));
    assert.deepEqual(await f.service.list(barred), []);
  });

  it('counts slots per plan, and a deleted voice frees its slot at once', async () => {
    const uid = await f.account('free'); // one slot
    const first = await f.service.createInstantClone({ accountUid: uid, name: 'one', model: 'ssfm-v21', file: sample });
    await assert.rejects(f.service.createInstantClone({ accountUid: uid, name: 'two', model: 'ssfm-v21', file: sample }), refusal('no_free_slot', 403));
    await f.service.delete(uid, first.voiceId);
    const third = await f.service.createInstantClone({ accountUid: uid, name: 'three', model: 'ssfm-v21', file: sample });
    assert.equal(third.status, 'completed');
    assert.deepEqual((await f.service.list(uid)).map((v) => v.name), ['three']);
  });

  it('refuses more clones at once than the plan allows (429), and two racing for the last slot get one voice', async () => {
    await f.plans.create({ ...(await f.plans.require('lite')), name: 'oneatatime', maxConcurrentClones: 1, customVoiceSlot: 5 });
    const uid = await f.account('oneatatime');
    // A clone of this account in flight (on this node or another: the limiter is shared) holds its
    // one slot. Two calls started together do not show it reliably: an account's analyses take turns,
    // so the second one's upload check can wait behind the first clone until that clone is done.
    const inFlight = await f.concurrency.tryAcquire(cloneSlotKey(uid), 1);
    assert.ok(inFlight);
    await assert.rejects(f.service.createInstantClone({ accountUid: uid, name: 'v0', model: 'ssfm-v30', file: sample }), refusal('too_many_clones', 429));
    await inFlight();
    assert.equal((await f.service.createInstantClone({ accountUid: uid, name: 'v1', model: 'ssfm-v30', file: sample })).status, 'completed');

    await f.plans.create({ ...(await f.plans.require('lite')), name: 'lastslot', maxConcurrentClones: 5, customVoiceSlot: 1 });
    const racer = await f.account('lastslot');
    const race = await Promise.allSettled([0, 1, 2].map((i) => f.service.createInstantClone({ accountUid: racer, name: `r${i}`, model: 'ssfm-v30', file: sample })));
    assert.equal(race.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of race) if (r.status === 'rejected') assert.ok(refusal('no_free_slot', 403)(r.reason), String(r.reason));
    assert.equal((await f.service.list(racer)).length, 1);
    await f.service.idle();
    assert.deepEqual(f.leftovers(), []);
  });
});

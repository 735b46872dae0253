import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import type { NewCustomVoice } from '../../src/repositories/index.js';
import { onEveryDatabase } from './repository-databases.js';

const voiceId = () => `uc_${randomBytes(12).toString('hex')}`;

function voice(accountUid: string, changes: Partial<NewCustomVoice> = {}): NewCustomVoice {
  return {
    voice_id: voiceId(),
    account_uid: accountUid,
    name: 'Voice',
    model: 'ssfm-v21',
    language: null,
    source: 'instant',
    status: 'training',
    created_at: 1_000,
    updated_at: 1_000,
    ...changes,
  };
}

onEveryDatabase('custom voice repository', (c) => {
  it('stores voices and lists an account’s newest first, in creation order for slots, never another account’s', async () => {
    const uid = await c.account('lite');
    const stranger = await c.account('lite');
    const first = voice(uid, { created_at: 1_000, source: 'professional', status: 'pending', language: 'eng' });
    const second = voice(uid, { created_at: 2_000 });
    await c.repos.customVoices.insert(first);
    await c.repos.customVoices.insert(second);
    await c.repos.customVoices.insert(voice(stranger));
    assert.deepEqual((await c.repos.customVoices.listByAccount(uid)).map((v) => v.voice_id), [second.voice_id, first.voice_id]);
    assert.deepEqual(await c.repos.customVoices.creationOrder(uid), [
      { voice_id: first.voice_id, source: 'professional', status: 'pending' },
      { voice_id: second.voice_id, source: 'instant', status: 'training' },
    ]);
    const row = await c.repos.customVoices.findOwned(uid, first.voice_id);
    assert.deepEqual(row, { ...first, error: null, profile: null, upload_key: null });
    assert.equal(await c.repos.customVoices.findOwned(stranger, first.voice_id), null);
    assert.equal((await c.repos.customVoices.get(first.voice_id))?.account_uid, uid);
    assert.equal(await c.repos.customVoices.get(voiceId()), null);
  });

  it('orders voices made in the same millisecond by id, the same on every node', async () => {
    const uid = await c.account('lite');
    const ids = [voiceId(), voiceId(), voiceId()];
    for (const id of ids) await c.repos.customVoices.insert(voice(uid, { voice_id: id, created_at: 5_000 }));
    const other = await c.other();
    const order = (await c.repos.customVoices.creationOrder(uid)).map((v) => v.voice_id);
    assert.deepEqual(order, [...ids].sort());
    assert.deepEqual((await other.customVoices.creationOrder(uid)).map((v) => v.voice_id), order);
  });

  it('updates a voice and says when it is gone', async () => {
    const uid = await c.account('lite');
    const v = voice(uid);
    await c.repos.customVoices.insert(v);
    assert.equal(await c.repos.customVoices.update(v.voice_id, { status: 'completed', profile: '{"p":1}', error: null, updated_at: 3_000 }), true);
    assert.equal(await c.repos.customVoices.update(v.voice_id, { upload_key: 'custom-voices/x/original.wav' }), true);
    const row = await c.repos.customVoices.get(v.voice_id);
    assert.equal(row?.status, 'completed');
    assert.equal(row?.profile, '{"p":1}');
    assert.equal(row?.upload_key, 'custom-voices/x/original.wav');
    assert.equal(row?.updated_at, 3_000);
    assert.equal(await c.repos.customVoices.delete(v.voice_id), true);
    assert.equal(await c.repos.customVoices.delete(v.voice_id), false);
    assert.equal(await c.repos.customVoices.update(v.voice_id, { upload_key: 'k' }), false);
  });

  it('deletes only the owner’s voice', async () => {
    const uid = await c.account('lite');
    const stranger = await c.account('lite');
    const v = voice(uid);
    await c.repos.customVoices.insert(v);
    assert.equal(await c.repos.customVoices.deleteOwned(stranger, v.voice_id), false);
    assert.equal(await c.repos.customVoices.deleteOwned(uid, v.voice_id), true);
    assert.equal(await c.repos.customVoices.get(v.voice_id), null);
  });

  it('touches only voices in progress, and fails only stale instant ones', async () => {
    const uid = await c.account('lite');
    const live = voice(uid, { updated_at: 1_000 });
    const stale = voice(uid, { updated_at: 1_000 });
    const professional = voice(uid, { source: 'professional', status: 'training', updated_at: 1_000 });
    const done = voice(uid, { status: 'completed', updated_at: 1_000 });
    for (const v of [live, stale, professional, done]) await c.repos.customVoices.insert(v);
    await c.repos.customVoices.touchInProgress(live.voice_id, 50_000);
    await c.repos.customVoices.touchInProgress(done.voice_id, 50_000);
    assert.equal((await c.repos.customVoices.get(live.voice_id))?.updated_at, 50_000);
    assert.equal((await c.repos.customVoices.get(done.voice_id))?.updated_at, 1_000);
    // Other tests' instant voices in this database are stale too: count at least this one.
    assert.ok((await c.repos.customVoices.failStaleInstant(40_000, 'abandoned', 60_000)) >= 1);
    const failed = await c.repos.customVoices.get(stale.voice_id);
    assert.deepEqual([failed?.status, failed?.error, failed?.updated_at], ['failed', 'abandoned', 60_000]);
    assert.equal((await c.repos.customVoices.get(live.voice_id))?.status, 'training');
    assert.equal((await c.repos.customVoices.get(professional.voice_id))?.status, 'training');
    assert.equal((await c.repos.customVoices.get(done.voice_id))?.status, 'completed');
    assert.equal(await c.repos.customVoices.failStaleInstant(40_000, 'abandoned', 60_000), 0);
  });
});

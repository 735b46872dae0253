import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import type { SpeakOrder } from '../../src/services/speaks/speak-order.js';
import { newId, onEveryDatabase } from './repository-databases.js';

/**
 * The reconciler's queries (docs/scaling.md, "The reconciler"): the work the database holds as
 * pending, read page by page with an id cursor, so a backlog of any size is walked in bounded reads.
 */
const order = { text: 'Pending.', mode: 'actor', actorId: 'a'.repeat(24), format: 'wav' } as unknown as SpeakOrder;

/** Every page of `read` after the cursor, `size` at a time, concatenated. */
async function allPages<T>(read: (after: string | null, limit: number) => Promise<T[]>, key: (row: T) => string, size: number): Promise<T[][]> {
  const pages: T[][] = [];
  let after: string | null = null;
  for (;;) {
    const page = await read(after, size);
    pages.push(page);
    if (page.length < size) return pages;
    after = key(page[page.length - 1]);
  }
}

onEveryDatabase('pending work queries', (c) => {
  it('pages through the speaks in progress by id, and none that finished', async () => {
    const uid = await c.account();
    const ids = Array.from({ length: 7 }, () => newId());
    for (const id of ids) await c.repos.speaks.insert({ id, uid, order, query: {}, actorId: 'a'.repeat(24), textCount: 1, credits: 1, now: 1_000 });
    await c.repos.speaks.markDone(ids[0], { audioKey: 'speaks/x.wav', contentType: 'audio/wav', sampleRate: 22050, duration: 1, synthesisSeconds: 0.1, timing: { language: 'eng', words: [], spoken: { text: '', words: [] } } }, 2_000);
    await c.repos.speaks.markFailed(ids[1], 'failed', 2_000);
    const pages = await allPages((after, limit) => c.repos.speaks.inProgressPage(after, limit), (r) => r.id, 2);
    assert.ok(pages.every((p) => p.length <= 2));
    const mine = pages.flat().filter((r) => r.uid === uid);
    assert.deepEqual(mine.map((r) => r.id), ids.slice(2).sort());
    const all = pages.flat().map((r) => r.id);
    assert.deepEqual(all, [...all].sort(), 'in id order');
    assert.equal(new Set(all).size, all.length, 'no speak twice');
  });

  it('pages through the pending webhook deliveries by id, and none that ended', async () => {
    const uid = await c.account();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await c.repos.deliveries.createIdFor(newId(), uid, 'https://example.com/hook', 1_000));
    await c.repos.deliveries.record(ids[0], { attempts: 1, status: 200, error: null, ended: 'delivered' }, 2_000);
    await c.repos.deliveries.record(ids[1], { attempts: 1, status: 410, error: 'gone', ended: 'failed' }, 2_000);
    // Attempted, not ended: still pending.
    await c.repos.deliveries.record(ids[2], { attempts: 1, status: 503, error: 'busy', ended: null }, 2_000);
    const pages = await allPages((after, limit) => c.repos.deliveries.pendingPage(after, limit), (r) => r.id, 2);
    const mine = pages.flat().filter((r) => r.uid === uid);
    assert.deepEqual(mine.map((r) => r.id), ids.slice(2).sort());
    const all = pages.flat().map((r) => r.id);
    assert.deepEqual(all, [...all].sort());
  });

  it('pages through the professional voices awaiting training whose recording is stored', async () => {
    const uid = await c.account('plus');
    const voice = (source: 'instant' | 'professional', status: 'pending' | 'training' | 'completed' | 'failed', uploadKey: string | null) => ({
      voice_id: `uc_${randomBytes(12).toString('hex')}`,
      account_uid: uid,
      name: 'Voice',
      model: 'ssfm-v21',
      language: null,
      source,
      status,
      upload_key: uploadKey,
      created_at: 1_000,
      updated_at: 1_000,
    });
    const waiting = voice('professional', 'pending', 'custom-voices/a.wav');
    const training = voice('professional', 'training', 'custom-voices/b.wav');
    const others = [
      voice('professional', 'pending', null), // its recording is still being stored
      voice('professional', 'completed', 'custom-voices/c.wav'),
      voice('professional', 'failed', 'custom-voices/d.wav'),
      voice('instant', 'training', 'custom-voices/e.wav'),
    ];
    for (const v of [waiting, training, ...others]) await c.repos.customVoices.insert(v);
    const pages = await allPages((after, limit) => c.repos.customVoices.awaitingTrainingPage(after, limit), (r) => r.voiceId, 1);
    const mine = pages.flat().filter((r) => r.accountUid === uid);
    assert.deepEqual(mine.map((r) => r.voiceId), [waiting.voice_id, training.voice_id].sort());
  });
});

onEveryDatabase('webhook attempt holds', (c) => {
  it('an attempt holds its delivery until its lease passes, it is recorded, or it is let go', async () => {
    const uid = await c.account();
    const id = await c.repos.deliveries.createIdFor(newId(), uid, 'https://example.com/hook', 1_000);
    const other = await c.other();
    assert.equal(await c.repos.deliveries.beginAttempt(id, 1_000, 16_000), true);
    // Another node's job of the same delivery waits while the lease runs…
    assert.equal(await other.deliveries.beginAttempt(id, 15_999, 31_000), false);
    // …and takes it once the lease has passed (the first attempt's worker died).
    assert.equal(await other.deliveries.beginAttempt(id, 16_000, 31_000), true);
    // Recording the attempt lets it go.
    await other.deliveries.record(id, { attempts: 1, status: 503, error: 'busy', ended: null }, 17_000);
    assert.equal(await c.repos.deliveries.beginAttempt(id, 17_000, 32_000), true);
    await c.repos.deliveries.endAttempt(id);
    assert.equal(await other.deliveries.beginAttempt(id, 17_001, 32_000), true);
    // An ended delivery is never taken.
    await other.deliveries.record(id, { attempts: 2, status: 200, error: null, ended: 'delivered' }, 18_000);
    assert.equal(await c.repos.deliveries.beginAttempt(id, 99_000, 100_000), false);
  });
});

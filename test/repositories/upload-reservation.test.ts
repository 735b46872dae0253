import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Repositories } from '../../src/repositories/index.js';
import { newId, onEveryDatabase } from './repository-databases.js';

const MiB = 1024 * 1024;
// Between reading the usage and adding to it: wide enough that, without the lock, every racer reads before any writes.
const gap = () => new Promise((r) => setTimeout(r, 20));

function slot(uid: string, now: number) {
  return { id: newId(), uid, audio_format: 'wav', status: 'pending' as const, blob_key: null, size: null, analysis: null, created_at: now, expires_at: now + 3_600_000, uploaded_at: null };
}

onEveryDatabase('speak resource repository: reservations under the account lock', (c) => {
  /** Two nodes on PostgreSQL (two pools); on SQLite one handle (a second connection in one process would deadlock). */
  const nodes = async (): Promise<Repositories[]> => (c.dialect === 'postgres' ? [c.repos, await c.other()] : [c.repos]);

  it('lets parallel reservations never pass the bound: 16 × 20 MiB against 30 MiB → one', async () => {
    const uid = await c.account();
    const resource = slot(uid, 1_000);
    await c.repos.speakResources.insert(resource);
    const repos = await nodes();
    const bound = 30 * MiB;
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        repos[i % repos.length]!.speakResources.inAccountLock(uid, async (locked) => {
          const used = (await locked.usage(uid, 2_000)).storedBytes;
          await gap();
          if (used + 20 * MiB > bound) return false;
          await locked.reserve({ id: newId(), uid, resourceId: resource.id, bytes: 20 * MiB, createdAt: 2_000, expiresAt: 60_000 });
          return true;
        }),
      ),
    );
    assert.equal(outcomes.filter(Boolean).length, 1);
    assert.equal((await c.repos.speakResources.usage(uid, 2_000)).storedBytes, 20 * MiB);
  });

  it('opens at most the bound of slots for parallel requests: 16 against 10', async () => {
    const uid = await c.account();
    const repos = await nodes();
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        repos[i % repos.length]!.speakResources.inAccountLock(uid, async (locked) => {
          const open = (await locked.usage(uid, 1_000)).openSlots;
          await gap();
          if (open >= 10) return false;
          await locked.insert(slot(uid, 1_000));
          return true;
        }),
      ),
    );
    assert.equal(outcomes.filter(Boolean).length, 10);
    assert.equal((await c.repos.speakResources.usage(uid, 1_000)).openSlots, 10);
  });

  it('rolls back what a refused step wrote, and locks accounts apart', async () => {
    const a = await c.account();
    const b = await c.account();
    await assert.rejects(
      c.repos.speakResources.inAccountLock(a, async (locked) => {
        await locked.insert(slot(a, 1_000));
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.equal((await c.repos.speakResources.usage(a, 1_000)).openSlots, 0);
    if (c.dialect === 'postgres') {
      // One account's lock held does not hold another's.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const holding = c.repos.speakResources.inAccountLock(a, () => held);
      await c.repos.speakResources.inAccountLock(b, async (locked) => locked.insert(slot(b, 1_000)));
      release();
      await holding;
    }
  });

  it('counts live reservations in the usage, settles them to the real size, gives them back, and ignores expired ones', async () => {
    const uid = await c.account();
    const resource = slot(uid, 1_000);
    await c.repos.speakResources.insert(resource);
    const repo = c.repos.speakResources;
    await repo.reserve({ id: 'r1'.padEnd(24, '0'), uid, resourceId: resource.id, bytes: 5_000, createdAt: 1_000, expiresAt: 10_000 });
    await repo.reserve({ id: 'r2'.padEnd(24, '0'), uid, resourceId: resource.id, bytes: 7_000, createdAt: 1_000, expiresAt: 10_000 });
    assert.equal((await repo.usage(uid, 2_000)).storedBytes, 12_000);
    assert.equal(await repo.settleUpload('r1'.padEnd(24, '0'), resource.id, { blobKey: 'k', size: 1_234, now: 3_000 }), true);
    assert.equal((await repo.usage(uid, 3_000)).storedBytes, 1_234 + 7_000, 'the slot counts its real size, the settled reservation nothing');
    await repo.release('r2'.padEnd(24, '0'));
    assert.equal((await repo.usage(uid, 3_000)).storedBytes, 1_234);
    await repo.reserve({ id: 'r3'.padEnd(24, '0'), uid, resourceId: resource.id, bytes: 9_000, createdAt: 3_000, expiresAt: 10_000 });
    assert.equal((await repo.usage(uid, 10_000)).storedBytes, 1_234, 'an expired reservation (its node died) counts no more');
    await repo.reserve({ id: 'r4'.padEnd(24, '0'), uid, resourceId: resource.id, bytes: 1, createdAt: 10_000, expiresAt: 20_000 });
    const left = await c.store.db.selectFrom('upload_reservations').select('id').where('uid', '=', uid).execute();
    assert.deepEqual(left.map((r) => r.id), ['r4'.padEnd(24, '0')], 'the expired one went with the next reservation');
    assert.equal(await repo.settleUpload('r4'.padEnd(24, '0'), newId(), { blobKey: 'k', size: 1, now: 11_000 }), false, 'a slot gone: false, and the reservation released');
    assert.equal((await repo.usage(uid, 11_000)).storedBytes, 1_234);
  });
});

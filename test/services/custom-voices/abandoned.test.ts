import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/clock.js';
import { abandonedError, failAbandonedInstantClones, removeAbandonedTempFiles } from '../../../src/services/custom-voices/index.js';
import { heartbeatMs, keepAlive, staleMs, tempMaxAgeMs } from '../../../src/services/custom-voices/abandoned-clones.js';
import { openServiceFixture, type ServiceFixture } from './fixture.js';

describe('clones a dead process left behind', () => {
  let f: ServiceFixture;
  let uid: string;
  const clock = new ManualClock(Date.UTC(2026, 5, 1));
  before(async () => {
    f = await openServiceFixture();
    uid = await f.account('custom');
  });
  after(() => f.close());

  async function insert(voiceId: string, source: 'instant' | 'professional', status: 'pending' | 'training' | 'completed', updatedAt: number) {
    await f.store.db
      .insertInto('custom_voices')
      .values({ voice_id: voiceId, account_uid: uid, name: voiceId, model: 'ssfm-v30', language: null, source, status, error: null, profile: null, upload_key: null, created_at: updatedAt, updated_at: updatedAt })
      .execute();
  }
  const statusOf = async (voiceId: string) => (await f.store.db.selectFrom('custom_voices').select(['status', 'error']).where('voice_id', '=', voiceId).executeTakeFirstOrThrow());

  it('fails instant clones whose heartbeat stopped, and nothing else', async () => {
    const now = clock.now();
    const id = (n: number) => `uc_${String(n).padStart(24, '0')}`;
    await insert(id(1), 'instant', 'training', now - staleMs - 1); // its process died
    await insert(id(2), 'instant', 'training', now - staleMs + 1000); // another process is still making it
    await insert(id(3), 'professional', 'training', now - 10 * staleMs); // its job resumes it
    await insert(id(4), 'instant', 'completed', now - 10 * staleMs);
    assert.equal(await failAbandonedInstantClones(f.store.db, clock), 1);
    assert.deepEqual(await statusOf(id(1)), { status: 'failed', error: abandonedError });
    assert.deepEqual((await Promise.all([2, 3, 4].map((n) => statusOf(id(n))))).map((r) => r.status), ['training', 'training', 'completed']);
    // The owner sees the reason.
    const listed = await f.service.get(uid, id(1));
    assert.equal(listed.error, abandonedError);
  });

  it('a clone in progress keeps its row fresh', async () => {
    const voiceId = `uc_${'a'.repeat(24)}`;
    await insert(voiceId, 'instant', 'training', 0);
    const stop = keepAlive(f.store.db, clock, voiceId, (error) => assert.fail(String(error)));
    await new Promise((r) => setTimeout(r, heartbeatMs + 500));
    stop();
    const row = await f.store.db.selectFrom('custom_voices').select('updated_at').where('voice_id', '=', voiceId).executeTakeFirstOrThrow();
    assert.equal(Number(row.updated_at), clock.now());
  });

  it('removes temp files only once they are old enough to be abandoned', async () => {
    mkdirSync(f.tmpDir, { recursive: true });
    const old = path.join(f.tmpDir, 'upload-old');
    const fresh = path.join(f.tmpDir, 'upload-fresh');
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'x');
    const then = (Date.now() - tempMaxAgeMs - 60_000) / 1000;
    utimesSync(old, then, then);
    assert.equal(await removeAbandonedTempFiles(f.tmpDir), 1);
    assert.deepEqual(readdirSync(f.tmpDir), ['upload-fresh']);
    assert.equal(await removeAbandonedTempFiles(path.join(f.tmpDir, 'missing')), 0);
    await removeAbandonedTempFiles(f.tmpDir, Date.now() + 2 * tempMaxAgeMs);
    assert.deepEqual(readdirSync(f.tmpDir), []);
  });
});

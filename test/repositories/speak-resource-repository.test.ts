import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { SpeakResourceRow } from '../../src/store/schema.js';
import { newId, onEveryDatabase } from './repository-databases.js';

function slot(uid: string): SpeakResourceRow {
  return { id: newId(), uid, audio_format: 'wav', status: 'pending', blob_key: null, size: null, analysis: null, created_at: 1_000, expires_at: 3_601_000, uploaded_at: null };
}

onEveryDatabase('speak resource repository', (c) => {
  it('stores an upload slot and finds it, for its owner only', async () => {
    const uid = await c.account();
    const resource = slot(uid);
    await c.repos.speakResources.insert(resource);
    assert.deepEqual(await c.repos.speakResources.get(resource.id), resource);
    assert.deepEqual(await c.repos.speakResources.findOwned(uid, resource.id), resource);
    assert.equal(await c.repos.speakResources.findOwned(await c.account(), resource.id), null);
    assert.equal(await c.repos.speakResources.get(newId()), null);
  });

  it('notes an upload, caches its analysis, and a new upload clears it', async () => {
    const uid = await c.account();
    const resource = slot(uid);
    await c.repos.speakResources.insert(resource);
    await c.repos.speakResources.markUploaded(resource.id, { blobKey: `speak-resources/${resource.id}.wav`, size: 1234, now: 5_000 });
    let row = await c.repos.speakResources.get(resource.id);
    assert.deepEqual([row?.status, row?.blob_key, row?.size, row?.uploaded_at, row?.analysis], ['uploaded', `speak-resources/${resource.id}.wav`, 1234, 5_000, null]);
    await c.repos.speakResources.saveAnalysis(resource.id, 5_000, '{"version":2}');
    assert.equal((await c.repos.speakResources.get(resource.id))?.analysis, '{"version":2}');
    await c.repos.speakResources.markUploaded(resource.id, { blobKey: `speak-resources/${resource.id}.wav`, size: 99, now: 6_000 });
    row = await c.repos.speakResources.get(resource.id);
    assert.deepEqual([row?.size, row?.uploaded_at, row?.analysis], [99, 6_000, null]);
  });

  it('drops an analysis of an upload that was replaced meanwhile', async () => {
    const uid = await c.account();
    const resource = slot(uid);
    await c.repos.speakResources.insert(resource);
    await c.repos.speakResources.markUploaded(resource.id, { blobKey: 'k', size: 1, now: 5_000 });
    await c.repos.speakResources.markUploaded(resource.id, { blobKey: 'k', size: 2, now: 7_000 });
    await c.repos.speakResources.saveAnalysis(resource.id, 5_000, '{"stale":true}');
    assert.equal((await c.repos.speakResources.get(resource.id))?.analysis, null);
  });
});

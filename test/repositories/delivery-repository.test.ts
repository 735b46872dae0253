import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId, onEveryDatabase } from './repository-databases.js';

onEveryDatabase('webhook delivery repository', (c) => {
  it('makes one delivery per speak, however many times and from however many nodes it is asked', async () => {
    const uid = await c.account();
    const speakId = newId();
    const other = await c.other();
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? other : c.repos).deliveries.createFor(speakId, uid, 'https://example.com/hook', 1_000 + i)),
    );
    const ids = new Set(made.map((d) => d.id));
    assert.equal(ids.size, 1);
    const [id] = ids;
    assert.match(id, /^msg_[0-9a-f]{24}$/);
    const delivery = await c.repos.deliveries.get(id);
    assert.equal(delivery?.speak_id, speakId);
    assert.equal(delivery?.uid, uid);
    assert.equal(delivery?.url, 'https://example.com/hook');
    assert.equal(delivery?.status, 'pending');
    assert.equal(delivery?.attempts, 0);
    assert.equal(delivery?.last_status_code, null);
    assert.equal(delivery?.finished_at, null);
    assert.deepEqual(await c.repos.deliveries.forSpeak(speakId), delivery);
    assert.equal(await c.repos.deliveries.get('msg_none'), null);
    assert.equal(await c.repos.deliveries.forSpeak(newId()), null);
  });

  it('records attempts, ends once, and ignores attempts recorded after the end', async () => {
    const uid = await c.account();
    const { id } = await c.repos.deliveries.createFor(newId(), uid, 'https://example.com/hook', 1_000);
    await c.repos.deliveries.record(id, { attempts: 1, status: 503, error: 'e'.repeat(700), ended: null }, 2_000);
    let row = await c.repos.deliveries.get(id);
    assert.deepEqual([row?.attempts, row?.last_status_code, row?.last_error?.length, row?.status, row?.updated_at, row?.finished_at], [1, 503, 500, 'pending', 2_000, null]);
    await c.repos.deliveries.record(id, { attempts: 2, status: 200, error: null, ended: 'delivered' }, 3_000);
    await c.repos.deliveries.record(id, { attempts: 3, status: null, error: 'timeout', ended: 'failed' }, 4_000);
    row = await c.repos.deliveries.get(id);
    assert.deepEqual([row?.attempts, row?.last_status_code, row?.last_error, row?.status, row?.finished_at], [2, 200, null, 'delivered', 3_000]);
  });

  it('ends a delivery as failed with its last error', async () => {
    const uid = await c.account();
    const { id } = await c.repos.deliveries.createFor(newId(), uid, 'https://example.com/hook', 1_000);
    await c.repos.deliveries.record(id, { attempts: 6, status: null, error: 'connection refused', ended: 'failed' }, 5_000);
    const row = await c.repos.deliveries.get(id);
    assert.deepEqual([row?.status, row?.last_error, row?.last_status_code, row?.finished_at], ['failed', 'connection refused', null, 5_000]);
  });
});

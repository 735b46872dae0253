import assert from 'node:assert/strict';
import { it } from 'node:test';
import { onEveryDatabase } from './repository-databases.js';

onEveryDatabase('synthesis cache repository', (c) => {
  it('finds, touches, sums and lists least recently used first, as numbers', async () => {
    const repo = c.repos.synthesisCache;
    const row = (key: string, size: number, at: number) => ({ key, blob_key: `cache/speech/${key}`, size, created_at: at, last_used_at: at, owner_uid: null });
    await repo.insert(row('a', 3_000_000_000, 1_000));
    await repo.insert(row('b', 20, 2_000));
    await repo.insert(row('c', 30, 3_000));
    await repo.insert(row('a', 1, 9_000)); // a second writer of the same key keeps the first row
    assert.deepEqual(await repo.find('a'), row('a', 3_000_000_000, 1_000));
    assert.equal(await repo.find('none'), null);
    assert.equal(await repo.totalBytes(), 3_000_000_050);
    await repo.touch('a', 4_000);
    assert.deepEqual((await repo.leastRecentlyUsed(2)).map((r) => [r.key, r.size]), [['b', 20], ['c', 30]]);
    const other = await c.other();
    await other.synthesisCache.remove('b');
    assert.deepEqual((await repo.leastRecentlyUsed(10)).map((r) => r.key), ['c', 'a']);
    assert.equal(await repo.totalBytes(), 3_000_000_030);
    await repo.remove('a');
    await repo.remove('c');
    assert.equal(await repo.totalBytes(), 0);
  });
});

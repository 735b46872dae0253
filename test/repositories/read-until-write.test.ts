import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReadUntilWrite } from '../../src/repositories/read-until-write.js';
import { setChangeStamp } from '../../src/store/change-stamp.js';

/** A database stand-in whose stamp the test moves by hand. */
function fakeDatabase() {
  const db = {};
  const state = { stamp: '1' as string | null, reads: 0 };
  setChangeStamp(db, () => state.stamp);
  return { db, state };
}

describe('ReadUntilWrite', () => {
  it('keeps a read while the stamp stays, and reads again once it moves', async () => {
    const { db, state } = fakeDatabase();
    const kept = new ReadUntilWrite<string>(db);
    const read = async () => `value ${++state.reads}`;
    assert.equal(await kept.get('k', read), 'value 1');
    assert.equal(await kept.get('k', read), 'value 1');
    state.stamp = '2';
    assert.equal(await kept.get('k', read), 'value 2');
    assert.equal(await kept.get('other', read), 'value 3', 'by key');
  });

  it('never keeps a read under a stamp a write moved while it was reading', async () => {
    const { db, state } = fakeDatabase();
    const kept = new ReadUntilWrite<string>(db);
    // The write lands after the stamp was taken and before the read ends.
    assert.equal(
      await kept.get('k', async () => {
        state.stamp = '2';
        return `value ${++state.reads}`;
      }),
      'value 1',
    );
    assert.equal(await kept.get('k', async () => `value ${++state.reads}`), 'value 2');
  });

  it('reads each time when there is no stamp or it cannot be read, keeps nothing not found, and asks stillValid', async () => {
    const none = new ReadUntilWrite<number>({});
    let reads = 0;
    await none.get('k', async () => ++reads);
    await none.get('k', async () => ++reads);
    assert.equal(reads, 2, 'no stamp (PostgreSQL, a transaction): every call reads');

    const { db, state } = fakeDatabase();
    const kept = new ReadUntilWrite<number>(db);
    state.stamp = null;
    await kept.get('k', async () => ++reads);
    await kept.get('k', async () => ++reads);
    assert.equal(reads, 4, 'stamp unreadable: every call reads');
    state.stamp = '1';
    assert.equal(await kept.get('gone', async () => undefined), undefined);
    assert.equal(await kept.get('gone', async () => 5), 5, 'nothing found is never kept');
    assert.equal(await kept.get('gone', async () => 6, (v) => v > 5), 6, 'refused by stillValid: read again');
  });

  it('peek hands out without reading only what get would: kept, stamp unmoved, accepted by stillValid', async () => {
    const { db, state } = fakeDatabase();
    const kept = new ReadUntilWrite<string>(db);
    assert.equal(kept.peek('k'), undefined, 'nothing read yet');
    await kept.get('k', async () => 'value');
    assert.equal(kept.peek('k'), 'value');
    assert.equal(kept.peek('k', () => false), undefined, 'refused by stillValid');
    state.stamp = '2';
    assert.equal(kept.peek('k'), undefined, 'written since');
    state.stamp = null;
    assert.equal(kept.peek('k'), undefined, 'stamp unreadable');
    assert.equal(new ReadUntilWrite<string>({}).peek('k'), undefined, 'no stamp: never');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const { db } = fakeDatabase();
    const kept = new ReadUntilWrite<string>(db, 2);
    for (const key of ['a', 'b', 'c']) await kept.get(key, async () => `${key}1`);
    assert.equal(await kept.get('c', async () => 'c2'), 'c1');
    assert.equal(await kept.get('b', async () => 'b2'), 'b1');
    assert.equal(await kept.get('a', async () => 'a2'), 'a2', 'the oldest was dropped');
  });
});

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { BlobRangeError, type BlobStore } from '../../src/blobs/blob-store.js';
import { InvalidBlobKeyError } from '../../src/blobs/blob-keys.js';

export interface BlobStoreFixture {
  store: BlobStore;
  /** Removes everything the store wrote. */
  dispose(): Promise<void>;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function keys(store: BlobStore, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const key of store.list(prefix)) found.push(key);
  return found.sort();
}

/** Readable that yields `total` bytes in small chunks, and the bytes it yielded. */
function chunked(total: number, chunk = 7919): { stream: Readable; bytes: Buffer } {
  const bytes = randomBytes(total);
  const parts: Buffer[] = [];
  for (let i = 0; i < total; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  return { stream: Readable.from(parts), bytes };
}

/** The BlobStore behaviour every implementation (disk, S3) must show. */
export function blobStoreContract(name: string, create: () => Promise<BlobStoreFixture>): void {
  describe(`blob store: ${name}`, () => {
    let fixture: BlobStoreFixture;
    let store: BlobStore;
    before(async () => {
      fixture = await create();
      store = fixture.store;
    });
    after(async () => {
      await fixture.dispose();
    });

    it('stores bytes and their content type, and reads them back whole and streamed', async () => {
      const data = randomBytes(100_003);
      const info = await store.put('speaks/a1.wav', data, 'audio/wav');
      assert.deepEqual(info, { size: data.length, contentType: 'audio/wav' });
      assert.deepEqual(await store.get('speaks/a1.wav'), data);
      assert.deepEqual(await store.stat('speaks/a1.wav'), { size: data.length, contentType: 'audio/wav' });
      const streamed = await store.stream('speaks/a1.wav');
      assert.ok(streamed);
      assert.deepEqual(streamed.info, { size: data.length, contentType: 'audio/wav' });
      assert.deepEqual(await collect(streamed.body), data);
    });

    it('accepts a stream in, and a Uint8Array view without its neighbours', async () => {
      const { stream, bytes } = chunked(1_000_000);
      const info = await store.put('uploads/big.mp3', stream, 'audio/mpeg');
      assert.equal(info.size, bytes.length);
      assert.deepEqual(await store.get('uploads/big.mp3'), bytes);

      const backing = randomBytes(64);
      const view = new Uint8Array(backing.buffer, backing.byteOffset + 10, 20);
      await store.put('uploads/view.bin', view, 'application/octet-stream');
      assert.deepEqual(await store.get('uploads/view.bin'), backing.subarray(10, 30));
    });

    it('streams a byte range, clamped to the object, and refuses one past its end', async () => {
      const data = randomBytes(50_000);
      await store.put('ranged/r.wav', data, 'audio/wav');
      const middle = await store.stream('ranged/r.wav', { start: 10, end: 19 });
      assert.ok(middle);
      assert.deepEqual(middle.info, { size: data.length, contentType: 'audio/wav' }, 'info describes the whole object');
      assert.deepEqual(middle.range, { start: 10, end: 19 });
      assert.deepEqual(await collect(middle.body), data.subarray(10, 20));
      const tail = await store.stream('ranged/r.wav', { start: 49_000 });
      assert.deepEqual(tail?.range, { start: 49_000, end: 49_999 });
      assert.deepEqual(await collect(tail!.body), data.subarray(49_000));
      const clamped = await store.stream('ranged/r.wav', { start: 49_990, end: 1_000_000 });
      assert.deepEqual(clamped?.range, { start: 49_990, end: 49_999 });
      assert.deepEqual(await collect(clamped!.body), data.subarray(49_990));
      const last = await store.stream('ranged/r.wav', { start: 49_999, end: 49_999 });
      assert.deepEqual(await collect(last!.body), data.subarray(49_999));
      await assert.rejects(store.stream('ranged/r.wav', { start: 50_000 }), (error: unknown) => error instanceof BlobRangeError && error.size === 50_000);
      await store.put('ranged/empty', Buffer.alloc(0), 'text/plain');
      await assert.rejects(store.stream('ranged/empty', { start: 0 }), BlobRangeError);
      assert.equal(await store.stream('ranged/absent', { start: 0, end: 9 }), null);
      await assert.rejects(store.stream('ranged/r.wav', { start: 5, end: 4 }), RangeError);
    });

    it('stores an empty object', async () => {
      assert.deepEqual(await store.put('empty/zero', Buffer.alloc(0), 'text/plain'), { size: 0, contentType: 'text/plain' });
      assert.deepEqual(await store.get('empty/zero'), Buffer.alloc(0));
      assert.equal((await store.stat('empty/zero'))?.size, 0);
    });

    it('replaces an object whole, content type included', async () => {
      await store.put('speaks/r.wav', Buffer.from('first version, longer'), 'audio/wav');
      await store.put('speaks/r.wav', Buffer.from('second'), 'audio/mpeg');
      assert.equal((await store.get('speaks/r.wav'))?.toString(), 'second');
      assert.deepEqual(await store.stat('speaks/r.wav'), { size: 6, contentType: 'audio/mpeg' });
    });

    it('keeps the old object when a streamed put fails midway', async () => {
      await store.put('speaks/keep.wav', Buffer.from('intact'), 'audio/wav');
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(5000, 1));
          this.destroy(new Error('client went away'));
        },
      });
      await assert.rejects(store.put('speaks/keep.wav', failing, 'audio/wav'), /client went away/);
      assert.equal((await store.get('speaks/keep.wav'))?.toString(), 'intact');
      assert.deepEqual(await store.stat('speaks/keep.wav'), { size: 6, contentType: 'audio/wav' });
      await assert.rejects(store.put('speaks/never.wav', Readable.from((async function* () {
        yield Buffer.from('abc');
        throw new Error('broken source');
      })()), 'audio/wav'), /broken source/);
      assert.equal(await store.get('speaks/never.wav'), null, 'a failed put left an object behind');
      assert.deepEqual(await keys(store, 'speaks/never'), []);
    });

    it('answers null for absent objects, and deletes idempotently', async () => {
      assert.equal(await store.get('nothing/here'), null);
      assert.equal(await store.stream('nothing/here'), null);
      assert.equal(await store.stat('nothing/here'), null);
      await store.delete('nothing/here');
      await store.put('gone/x', Buffer.from('x'), 'text/plain');
      await store.delete('gone/x');
      await store.delete('gone/x');
      assert.equal(await store.get('gone/x'), null);
      assert.equal(await store.stat('gone/x'), null);
    });

    it('lists keys under a prefix, folder or partial name', async () => {
      for (const key of ['list/a/1.wav', 'list/a/2.wav', 'list/ab.wav', 'list/b/c/3.wav', 'listing.txt']) {
        await store.put(key, Buffer.from(key), 'text/plain');
      }
      assert.deepEqual(await keys(store, 'list/'), ['list/a/1.wav', 'list/a/2.wav', 'list/ab.wav', 'list/b/c/3.wav']);
      assert.deepEqual(await keys(store, 'list/a'), ['list/a/1.wav', 'list/a/2.wav', 'list/ab.wav']);
      assert.deepEqual(await keys(store, 'list/a/'), ['list/a/1.wav', 'list/a/2.wav']);
      assert.deepEqual(await keys(store, 'list/b/c/3'), ['list/b/c/3.wav']);
      assert.deepEqual(await keys(store, 'list'), ['list/a/1.wav', 'list/a/2.wav', 'list/ab.wav', 'list/b/c/3.wav', 'listing.txt']);
      assert.deepEqual(await keys(store, 'nope/'), []);
      const all = await keys(store, '');
      assert.ok(all.includes('listing.txt') && all.includes('list/b/c/3.wav'));
      await store.delete('list/a/1.wav');
      assert.deepEqual(await keys(store, 'list/a/'), ['list/a/2.wav']);
    });

    it('rejects keys that could leave the store', async () => {
      const bad = ['', '../x', 'a/../../x', 'a/..', '/etc/passwd', 'a\\b', '..\\x', 'a\0b', 'a//b', './a', 'a/./b', 'a/', 'C:/x'];
      for (const key of bad) {
        await assert.rejects(store.put(key, Buffer.from('x'), 'text/plain'), InvalidBlobKeyError, `put accepted ${JSON.stringify(key)}`);
        await assert.rejects(store.get(key), InvalidBlobKeyError, `get accepted ${JSON.stringify(key)}`);
        await assert.rejects(store.stat(key), InvalidBlobKeyError);
        await assert.rejects(store.stream(key), InvalidBlobKeyError);
        await assert.rejects(store.delete(key), InvalidBlobKeyError);
      }
      await assert.rejects(keys(store, '../'), InvalidBlobKeyError);
      await assert.rejects(keys(store, '/abs'), InvalidBlobKeyError);
      // Dots inside a name are fine.
      await store.put('ok/..hidden..name', Buffer.from('y'), 'text/plain');
      assert.equal((await store.get('ok/..hidden..name'))?.toString(), 'y');
    });

    it('serves concurrent puts of different keys intact', async () => {
      const items = Array.from({ length: 20 }, (_, i) => ({ key: `many/${i}.bin`, data: randomBytes(10_000 + i) }));
      await Promise.all(items.map((it) => store.put(it.key, it.data, 'application/octet-stream')));
      for (const it of items) assert.deepEqual(await store.get(it.key), it.data);
    });
  });
}

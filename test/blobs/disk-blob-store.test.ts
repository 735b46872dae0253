import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createBlobStore } from '../../src/blobs/create-blob-store.js';
import { DiskBlobStore } from '../../src/blobs/disk-blob-store.js';
import { blobStoreContract } from '../contract/blob-store.contract.js';

async function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'orator-test-blobs-'));
}

blobStoreContract('disk', async () => {
  const root = await tempDir();
  return { store: new DiskBlobStore(root), dispose: () => fs.rm(root, { recursive: true, force: true }) };
});

describe('disk blob store on disk', () => {
  it('keeps objects as plain files under DATA_DIR/blobs and nothing escapes the root', async () => {
    const dataDir = await tempDir();
    try {
      const store = await createBlobStore({ dataDir });
      await store.put('speaks/f.wav', Buffer.from('RIFF....'), 'audio/wav');
      const file = path.join(dataDir, 'blobs', 'objects', 'speaks', 'f.wav');
      assert.equal(await fs.readFile(file, 'utf8'), 'RIFF....');
      await assert.rejects(store.put('../../outside', Buffer.from('x'), 'text/plain'));
      await assert.rejects(fs.stat(path.join(dataDir, 'outside')), { code: 'ENOENT' });
      // Nothing is left in tmp/ after puts, failed or not.
      assert.deepEqual(await fs.readdir(path.join(dataDir, 'blobs', 'tmp')), []);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('clears stale partial writes at start but not fresh ones of another process', async () => {
    const root = await tempDir();
    try {
      await fs.mkdir(path.join(root, 'tmp'), { recursive: true });
      const stale = path.join(root, 'tmp', 'stale');
      const fresh = path.join(root, 'tmp', 'fresh');
      await fs.writeFile(stale, 'x');
      await fs.writeFile(fresh, 'y');
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await fs.utimes(stale, old, old);
      await new DiskBlobStore(root).put('k', Buffer.from('v'), 'text/plain');
      assert.deepEqual(await fs.readdir(path.join(root, 'tmp')), ['fresh']);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('streams the version it opened even if the key is replaced meanwhile', async () => {
    const root = await tempDir();
    try {
      const store = new DiskBlobStore(root);
      const first = Buffer.alloc(300_000, 1);
      await store.put('v', first, 'audio/wav');
      const opened = await store.stream('v');
      await store.put('v', Buffer.from('new'), 'audio/mpeg');
      assert.ok(opened);
      assert.equal(opened.info.size, first.length);
      const chunks: Buffer[] = [];
      for await (const c of opened.body) chunks.push(c as Buffer);
      assert.deepEqual(Buffer.concat(chunks), first);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

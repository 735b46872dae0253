import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBlobStore } from '../../src/blobs/create-blob-store.js';
import { S3BlobStore, S3UnavailableError } from '../../src/blobs/s3-blob-store.js';
import { blobStoreContract } from '../contract/blob-store.contract.js';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../contract/test-s3.js';

function storeOn(server: { endpoint: string; bucket: string }): S3BlobStore {
  return new S3BlobStore({
    bucket: server.bucket,
    client: { endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS },
  });
}

blobStoreContract('S3 (s3rver over HTTP)', async () => {
  const server = await startS3Server();
  const store = storeOn(server);
  return {
    store,
    async dispose() {
      store.close();
      await server.close();
    },
  };
});

describe('S3 blob store against a real server', () => {
  let server: TestS3Server;
  before(async () => {
    server = await startS3Server();
  });
  after(async () => {
    await server.close();
  });

  it('streams a put of several parts through a multipart upload', async () => {
    const store = storeOn(server);
    const { Readable } = await import('node:stream');
    const { randomBytes } = await import('node:crypto');
    const parts = Array.from({ length: 18 }, () => randomBytes(1024 * 1024)); // 18 MiB: three 8 MiB parts
    const info = await store.put('big/multipart.bin', Readable.from(parts), 'application/octet-stream');
    assert.equal(info.size, 18 * 1024 * 1024);
    const whole = Buffer.concat(parts);
    const slice = await store.stream('big/multipart.bin', { start: 8 * 1024 * 1024 - 5, end: 8 * 1024 * 1024 + 4 });
    const chunks: Buffer[] = [];
    for await (const c of slice!.body) chunks.push(c as Buffer);
    assert.deepEqual(Buffer.concat(chunks), whole.subarray(8 * 1024 * 1024 - 5, 8 * 1024 * 1024 + 5), 'bytes across a part boundary');
    assert.deepEqual(await store.get('big/multipart.bin'), whole);
    store.close();
  });

  it('checks the bucket at start and says which is missing', async () => {
    await storeOn(server).check();
    const missing = storeOn({ endpoint: server.endpoint, bucket: 'no-such-bucket' });
    await assert.rejects(missing.check(), (error: unknown) => error instanceof S3UnavailableError && /no-such-bucket/.test(error.message));
  });

  it('fails with S3UnavailableError, not a hang, when the server is gone', async () => {
    const gone = await startS3Server();
    const store = storeOn(gone);
    await store.put('x/y', Buffer.from('z'), 'text/plain');
    await gone.close();
    await assert.rejects(store.get('x/y'), S3UnavailableError);
    await assert.rejects(store.put('x/y', Buffer.from('z'), 'text/plain'), S3UnavailableError);
    await assert.rejects(store.check(), S3UnavailableError);
    store.close();
  });
});

describe('createBlobStore with S3_BUCKET', () => {
  it('refuses to start, naming the bucket and endpoint, when S3 is unreachable', async () => {
    await assert.rejects(
      createBlobStore({ dataDir: '/nonexistent', s3Bucket: 'audio', s3Endpoint: 'http://127.0.0.1:1', s3Region: 'us-east-1', s3ForcePathStyle: true }),
      (error: unknown) => error instanceof S3UnavailableError && /bucket audio at http:\/\/127\.0\.0\.1:1/.test(error.message),
    );
  });
});

import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BullMQJobQueue } from '../../../src/queue/bullmq-job-queue.js';
import { RedisConcurrencyLimiter } from '../../../src/limits/redis-concurrency-limiter.js';
import { S3BlobStore } from '../../../src/blobs/s3-blob-store.js';
import { findVoiceByAnyName } from '../../../src/synthesis/catalog/find-voice.js';
import { decodeWav } from '../../../src/synthesis/decoders/wav.js';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../../contract/test-s3.js';
import { deleteKeys, testRedisUrl, uniquePrefix } from '../../contract/test-redis.js';
import { openRedis } from '../../../src/redis/redis-connection.js';
import { startTestServer, type TestServer } from '../test-server.js';
import { earlierClient, pollUntilFinished } from '../earlier/earlier-client.js';

const redisUrl = testRedisUrl();

/** One Orator on Redis (BullMQ, counters) and S3 (s3rver): an earlier-interface speak end to end. */
describe('Orator on Redis and S3', { skip: redisUrl ? false : 'TEST_REDIS_URL is not set' }, () => {
  let s3: TestS3Server;
  let server: TestServer;
  const prefix = uniquePrefix('http');
  before(async () => {
    s3 = await startS3Server();
    process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
    server = await startTestServer({
      env: { REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1' },
    });
  });
  after(async () => {
    await server?.close();
    await s3?.close();
    const redis = openRedis(redisUrl!);
    await redis.connect();
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('runs the speak on BullMQ, stores its audio in the bucket, and serves it whole and by Range', async () => {
    assert.ok(server.services.queue instanceof BullMQJobQueue);
    assert.ok(server.services.limiters.concurrency instanceof RedisConcurrencyLimiter);
    assert.ok(server.services.blobs instanceof S3BlobStore);
    const client = earlierClient(server, (await server.createAccount('plus')).apiToken);
    const created = await client.post('/api/speak', { text: 'Stored in a bucket, served in ranges.', lang: 'en-us', actor_id: findVoiceByAnyName('eng-olivia')!.id });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const result = await pollUntilFinished(client, created.body.result.speak_v2_url, 100);
    assert.equal(result.status, 'done');

    const whole = await fetch(result.audio_download_url);
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('accept-ranges'), 'bytes');
    const bytes = Buffer.from(await whole.arrayBuffer());
    const pcm = decodeWav(bytes);
    assert.ok(Math.abs(pcm.samples.length / pcm.sampleRate - result.duration) < 0.01);

    const head = await fetch(result.audio_download_url, { headers: { range: 'bytes=0-43' } });
    assert.equal(head.status, 206);
    assert.equal(head.headers.get('content-range'), `bytes 0-43/${bytes.length}`);
    assert.deepEqual(Buffer.from(await head.arrayBuffer()), bytes.subarray(0, 44));
    const tail = await fetch(result.audio_url_no_redirect ?? result.audio_download_url, { headers: { range: 'bytes=-100' } });
    assert.equal(tail.status, 206);
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), bytes.subarray(bytes.length - 100));
    const past = await fetch(result.audio_download_url, { headers: { range: `bytes=${bytes.length}-` } });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${bytes.length}`);

    // The audio is in the bucket, and nothing under the node's own DATA_DIR/blobs.
    const keys: string[] = [];
    for await (const key of server.services.blobs.list('')) keys.push(key);
    assert.ok(keys.some((k) => k.endsWith(`${result._id}.wav`)), `bucket holds ${keys.join(', ')}`);
    assert.deepEqual(await readdir(path.join(server.dataDir, 'blobs')).catch(() => []), []);
  });
});

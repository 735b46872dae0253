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

  it('streams an upload slot\'s PUT into the bucket (multipart), and leaves nothing of one refused midway', async () => {
    await server.services.plans.create({
      name: 's3-uploads', concurrencyLimit: 1, customVoiceSlot: 0, professionalVoiceSlot: 0, planCredits: 100, cloneAllowed: true, prosodyMetaAllowed: false,
      speakRatePerMinute: 10, maxConcurrentClones: 1, professionalCloneGenerations: 0, uploadSlotsOpen: 5, uploadBytes: 24 * 1024 * 1024, uploadSlotsPerHour: 10,
    });
    const client = earlierClient(server, (await server.createAccount('s3-uploads')).apiToken);
    const slot = async () => (await client.post('/api/speak/resource', { audio_format: 'wav' })).body.result as { speak_resource_id: string; presigned_url: string };
    const wav = (size: number) => {
      const bytes = Buffer.alloc(size, 7);
      bytes.write('RIFF', 0, 'latin1');
      bytes.write('WAVE', 8, 'latin1');
      return bytes;
    };
    // 20 MiB in 1 MiB chunks, without Content-Length: three 8 MiB parts into S3.
    const streamed = (size: number) => {
      const source = wav(size);
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < size; at += 1 << 20) controller.enqueue(source.subarray(at, Math.min(size, at + (1 << 20))));
          controller.close();
        },
      });
    };
    const put = (url: string, body: ReadableStream<Uint8Array>) => fetch(url, { method: 'PUT', body, duplex: 'half' } as RequestInit);
    const first = await slot();
    const stored = await put(first.presigned_url, streamed(20 << 20));
    assert.equal(stored.status, 200, await stored.clone().text());
    const key = `speak-resources/${first.speak_resource_id}.wav`;
    assert.equal((await server.services.blobs.stat(key))?.size, 20 << 20);
    // 4 MiB left of the plan's 24: a 6 MiB chunked upload is refused as its bytes pass the bound.
    const second = await slot();
    const refused = await put(second.presigned_url, streamed(6 << 20));
    assert.equal(refused.status, 413);
    assert.equal((await refused.json()).message.error_code, 'app/upload/storage-full');
    assert.equal(await server.services.blobs.stat(`speak-resources/${second.speak_resource_id}.wav`), null);
    const keys: string[] = [];
    for await (const k of server.services.blobs.list('speak-resources/')) keys.push(k);
    assert.deepEqual(keys, [key]);
    assert.deepEqual(await readdir(path.join(server.dataDir, 'blobs')).catch(() => []), []);
  });
});

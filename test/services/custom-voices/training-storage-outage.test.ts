import assert from 'node:assert/strict';
import { once } from 'node:events';
import { EventEmitter } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { S3BlobStore } from '../../../src/blobs/s3-blob-store.js';
import { BackendRetries } from '../../../src/outages/backend-retries.js';
import { DatabaseJobQueue } from '../../../src/queue/database-job-queue.js';
import { storageUnavailableFailure } from '../../../src/services/custom-voices/training-job.js';
import type { CustomVoice } from '../../../src/services/custom-voices/index.js';
import { encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '../../contract/test-s3.js';
import { speakers } from '../../synthesis/adaptation/speakers.js';
import { openServiceFixture, repeated, type ServiceFixture } from './fixture.js';

async function settled(f: ServiceFixture, uid: string, voiceId: string): Promise<CustomVoice> {
  for (;;) {
    const voice = await f.service.get(uid, voiceId);
    if (voice.status === 'completed' || voice.status === 'failed') return voice;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Issue 30 item 2 for professional clones: the training job reads its recording from storage,
 * and an S3 outage at that moment is waited out (retries counted), not failed; past the budget the
 * voice fails naming storage. A real S3-protocol server (s3rver) is stopped and started again.
 */
describe('professional training through a storage outage', () => {
  let s3: TestS3Server;
  let f: ServiceFixture;
  let uid: string;
  let recording: Uint8Array;
  const retries = new BackendRetries();
  const retried = new EventEmitter();
  retries.onRetry = (backend) => retried.emit('retry', backend);

  const s3Store = () =>
    new S3BlobStore({
      bucket: s3.bucket,
      client: { endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_TEST_CREDENTIALS, maxAttempts: 1 },
    });

  before(async () => {
    s3 = await startS3Server();
  });
  after(async () => {
    await s3?.close();
  });

  /** A voice created (its recording stored) while the queue is stopped, so the test decides when training reads it. */
  const createWhileQueueStopped = async () => {
    const voice = await f.service.createProfessionalClone({ accountUid: uid, name: 'Narrator', model: 'ssfm-v30', language: 'eng', file: recording });
    assert.equal(voice.status, 'pending');
    return voice;
  };

  it('the recording unreadable when training starts: the job waits, and completes once the storage is back', async () => {
    f = await openServiceFixture({ blobs: s3Store(), storageRetryMs: 300_000, retries });
    try {
      uid = await f.account('custom');
      recording = encodeWavPcm16(repeated(await f.speech(60, speakers[1]), 302));
      await f.queue.stop();
      const voice = await createWhileQueueStopped();
      await s3.stop();
      const queue = new DatabaseJobQueue(f.store, { pollIntervalMs: 50 });
      f.service.registerJobs(queue);
      const firstRetry = once(retried, 'retry');
      await queue.start();
      try {
        // The training is waiting the outage out: its retry is counted before the voice settles.
        const first = await Promise.race([firstRetry.then(([backend]) => `retry ${backend}`), settled(f, uid, voice.voiceId).then((v) => `settled ${v.status}: ${v.error}`)]);
        assert.equal(first, 'retry s3');
        assert.notEqual((await f.service.get(uid, voice.voiceId)).status, 'failed');
        await s3.restart();
        const done = await settled(f, uid, voice.voiceId);
        assert.equal(done.status, 'completed', done.error ?? '');
        assert.ok(await f.service.findUsable(uid, voice.voiceId));
      } finally {
        await queue.stop({ timeoutMs: 5000 });
      }
    } finally {
      await f.close();
    }
  });

  it('past STORAGE_RETRY_SECONDS the voice fails, and the reason names storage', async () => {
    await s3.restart();
    f = await openServiceFixture({ blobs: s3Store(), storageRetryMs: 0, retries });
    try {
      uid = await f.account('custom');
      await f.queue.stop();
      const voice = await createWhileQueueStopped();
      await s3.stop();
      const queue = new DatabaseJobQueue(f.store, { pollIntervalMs: 50 });
      f.service.registerJobs(queue);
      await queue.start();
      try {
        const done = await settled(f, uid, voice.voiceId);
        assert.equal(done.status, 'failed');
        assert.equal(done.error, storageUnavailableFailure);
      } finally {
        await queue.stop({ timeoutMs: 5000 });
        await s3.restart();
      }
    } finally {
      await f.close();
    }
  });
});

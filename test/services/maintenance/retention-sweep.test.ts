import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { DiskBlobStore } from '../../../src/blobs/disk-blob-store.js';
import { ManualClock } from '../../../src/clock.js';
import { DatabaseJobQueue } from '../../../src/queue/database-job-queue.js';
import { RetentionSweep, linkLifetimeMs, type RetentionReport } from '../../../src/services/maintenance/retention-sweep.js';
import type { SpeakOrder } from '../../../src/services/speaks/speak-order.js';
import { newId, onEveryDatabase } from '../../repositories/repository-databases.js';

const hour = 3_600_000;
const day = 24 * hour;
const periods = { speakMs: 7 * day, uploadMs: 2 * day, jobMs: 30 * day };
const order = { text: 'Hi', mode: 'actor', actorId: 'a'.repeat(24), speakResourceId: null, language: null, format: 'wav' } as unknown as SpeakOrder;
const audio = (key: string) => ({ audioKey: key, contentType: 'audio/wav', sampleRate: 16000, duration: 1, synthesisSeconds: 0.1, timing: { language: 'eng', words: [], spoken: { text: '', words: [] } } });

onEveryDatabase('retention sweep', (c) => {
  let blobDir: string;
  let blobs: DiskBlobStore;
  before(async () => {
    blobDir = await mkdtemp(path.join(os.tmpdir(), 'orator-retention-'));
    blobs = new DiskBlobStore(blobDir);
  });
  after(() => rm(blobDir, { recursive: true, force: true }));

  it('removes speaks once their last link has expired, slots after their hour, uploads, jobs and deliveries past their age; says what it freed', async () => {
    const clock = new ManualClock(Date.UTC(2026, 3, 1));
    const t0 = clock.now();
    const uid = await c.account();
    const queue = new DatabaseJobQueue(c.store, { clock, pollIntervalMs: 10 });
    queue.register({ name: `retention-test-${c.dialect}`, handle: async () => {}, retryDelayMs: () => null });

    // Speaks: one done with its audio, one failed, one still in progress, all at t0.
    const done = newId();
    const failed = newId();
    const running = newId();
    for (const id of [done, failed, running]) await c.repos.speaks.insert({ id, uid, order, query: {}, actorId: 'a'.repeat(24), textCount: 2, credits: 2, now: t0 });
    await blobs.put(`speaks/${done}.wav`, Buffer.alloc(3000, 1), 'audio/wav');
    assert.ok(await c.repos.speaks.markDone(done, audio(`speaks/${done}.wav`), t0));
    assert.ok(await c.repos.speaks.markFailed(failed, 'no', t0));
    const delivery = await c.repos.deliveries.createFor(done, uid, 'https://example.com/hook', t0);
    await c.repos.deliveries.record(delivery.id, { attempts: 1, status: 200, error: null, ended: 'delivered' }, t0);
    // A delivery of another speak, finished at t0, kept until JOB_RETENTION.
    const lone = await c.repos.deliveries.createFor(newId(), uid, 'https://example.com/hook', t0);
    await c.repos.deliveries.record(lone.id, { attempts: 1, status: 500, error: 'x', ended: 'failed' }, t0);

    // Upload slots: never used (its hour ends at t0 + 1 h), uploaded at t0 (kept 2 days).
    const unused = newId();
    const uploaded = newId();
    for (const id of [unused, uploaded]) {
      await c.repos.speakResources.insert({ id, uid, audio_format: 'wav', status: 'pending', blob_key: null, size: null, analysis: null, created_at: t0, expires_at: t0 + hour, uploaded_at: null });
    }
    await blobs.put(`speak-resources/${uploaded}.wav`, Buffer.alloc(5000, 2), 'audio/wav');
    await c.repos.speakResources.markUploaded(uploaded, { blobKey: `speak-resources/${uploaded}.wav`, size: 5000, now: t0 });

    // A finished job at t0.
    const job = await queue.enqueue(`retention-test-${c.dialect}`, {});
    await queue.start();
    while ((await queue.getJob(job.id))?.state !== 'completed') await new Promise((r) => setTimeout(r, 10));
    await queue.stop();

    const reports: RetentionReport[] = [];
    const sweep = new RetentionSweep({ speaks: c.repos.speaks, resources: c.repos.speakResources, deliveries: c.repos.deliveries, queue, blobs, clock, periods, batchSize: 1 });
    sweep.listeners.push((r) => reports.push(r));
    const none = { rows: 0, bytes: 0 };

    clock.set(t0 + hour); // the slot's hour is just over, not past
    assert.deepEqual(await sweep.run(), { speaks: none, speak_resources: none, webhook_deliveries: none, jobs: none });
    clock.set(t0 + hour + 1);
    assert.deepEqual((await sweep.run()).speak_resources, { rows: 1, bytes: 0 });
    assert.equal(await c.repos.speakResources.get(unused), null);
    assert.deepEqual(await c.repos.speakResources.usage(uid, clock.now()), { openSlots: 0, storedBytes: 5000, nextSlotExpiry: null });

    clock.set(t0 + periods.uploadMs + 1);
    assert.deepEqual((await sweep.run()).speak_resources, { rows: 1, bytes: 5000 });
    assert.equal(await blobs.stat(`speak-resources/${uploaded}.wav`), null);
    assert.equal((await c.repos.speakResources.usage(uid, clock.now())).storedBytes, 0);

    // Links can be issued until t0 + 7 d, and the last one works 24 h more: the audio stays until then.
    clock.set(t0 + periods.speakMs + linkLifetimeMs);
    assert.deepEqual((await sweep.run()).speaks, none);
    assert.ok(await blobs.stat(`speaks/${done}.wav`));
    clock.set(t0 + periods.speakMs + linkLifetimeMs + 1);
    // Two speaks and the finished delivery of one of them; the speak in progress stays.
    assert.deepEqual((await sweep.run()).speaks, { rows: 3, bytes: 3000 });
    assert.equal(await blobs.stat(`speaks/${done}.wav`), null);
    assert.equal(await c.repos.speaks.get(done), null);
    assert.equal(await c.repos.speaks.get(failed), null);
    assert.equal((await c.repos.speaks.get(running))?.status, 'progress');
    assert.equal(await c.repos.deliveries.get(delivery.id), null);
    assert.ok(await c.repos.deliveries.get(lone.id));

    clock.set(t0 + periods.jobMs);
    const beforeAge = await sweep.run();
    assert.deepEqual([beforeAge.jobs, beforeAge.webhook_deliveries], [none, none]);
    clock.set(t0 + periods.jobMs + 1);
    const pastAge = await sweep.run();
    assert.deepEqual([pastAge.jobs, pastAge.webhook_deliveries], [{ rows: 1, bytes: 0 }, { rows: 1, bytes: 0 }]);
    assert.equal(await queue.getJob(job.id), null);
    assert.equal(await c.repos.deliveries.get(lone.id), null);
    assert.equal((await c.repos.speaks.get(running))?.status, 'progress');
    assert.equal(reports.length, 7);
  });

  it('counts open slots and kept bytes per account', async () => {
    const uid = await c.account();
    const now = 10 * hour;
    const slot = (expiresAt: number, size: number | null) => ({
      id: newId(), uid, audio_format: 'wav', status: size === null ? ('pending' as const) : ('uploaded' as const), blob_key: size === null ? null : 'k', size, analysis: null, created_at: 0, expires_at: expiresAt, uploaded_at: size === null ? null : 1,
    });
    assert.deepEqual(await c.repos.speakResources.usage(uid, now), { openSlots: 0, storedBytes: 0, nextSlotExpiry: null });
    for (const row of [slot(now + 500, null), slot(now + 100, null), slot(now - 1, null), slot(now + 50, 700), slot(now - 50, 300)]) await c.repos.speakResources.insert(row);
    await c.repos.speakResources.insert({ ...slot(now + 10, 999), uid: await c.account() });
    assert.deepEqual(await c.repos.speakResources.usage(uid, now), { openSlots: 2, storedBytes: 1000, nextSlotExpiry: now + 100 });
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../../../src/blobs/blob-store.js';
import { DiskBlobStore } from '../../../src/blobs/disk-blob-store.js';
import type { BackendRetries } from '../../../src/outages/backend-retries.js';
import { InMemoryConcurrencyLimiter } from '../../../src/limits/in-memory-concurrency-limiter.js';
import { DatabaseJobQueue } from '../../../src/queue/database-job-queue.js';
import { AccountService } from '../../../src/services/accounts/account-service.js';
import { PlanService } from '../../../src/services/accounts/plan-service.js';
import { CustomVoiceService } from '../../../src/services/custom-voices/index.js';
import type { Store } from '../../../src/store/database.js';
import { AdaptationPool } from '../../../src/synthesis/adaptation/adaptation-pool.js';
import type { Pcm } from '../../../src/synthesis/audio.js';
import { encodeWavPcm16 } from '../../../src/synthesis/encoders/wav.js';
import { SynthesisPool } from '../../../src/synthesis/pool/synthesis-pool.js';
import { testDatabaseTargets, type TestDatabase } from '../../contract/test-databases.js';
import { makeSpeaker, sampleSentences, speakers } from '../../synthesis/adaptation/speakers.js';
import { CustomVoiceRepository } from '../../../src/repositories/index.js';

/** A custom-voice service over a real SQLite database, disk blobs, the durable queue and real worker threads. */
export async function openServiceFixture(options: { blobs?: BlobStore; storageRetryMs?: number; retries?: BackendRetries } = {}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'orator-cv-'));
  const database: TestDatabase = await testDatabaseTargets()[0].create();
  const store: Store = await database.open();
  const accounts = new AccountService(store.db, { encryptionKey: randomBytes(32), clock: { now: () => Date.now() } });
  const plans = new PlanService(store.db);
  const blobs = options.blobs ?? new DiskBlobStore(path.join(folder, 'blobs'));
  const queue = new DatabaseJobQueue(store, { pollIntervalMs: 50 });
  const adaptation = new AdaptationPool(1);
  const tmpDir = path.join(folder, 'tmp');
  const errors: unknown[] = [];
  const concurrency = new InMemoryConcurrencyLimiter();
  const service = new CustomVoiceService({
    repository: new CustomVoiceRepository(store.db),
    blobs,
    queue,
    concurrency,
    accounts,
    adaptation,
    tmpDir,
    onError: (error) => errors.push(error),
    storageRetryMs: options.storageRetryMs,
    retries: options.retries,
  });
  service.registerJobs(queue);
  const synthesis = new SynthesisPool(1);

  return {
    store,
    accounts,
    plans,
    blobs,
    queue,
    adaptation,
    concurrency,
    service,
    synthesis,
    tmpDir,
    errors,
    async account(plan = 'lite'): Promise<string> {
      return (await accounts.createAccount({ plan })).account.uid;
    },
    /** A speaker's reading: `seconds` long at most, as 16-bit WAV. */
    async speech(seconds: number, speaker = speakers[0]): Promise<Pcm> {
      const pcm = await makeSpeaker(synthesis, speaker, sampleSentences);
      return { samples: pcm.samples.slice(0, Math.round(seconds * pcm.sampleRate)), sampleRate: pcm.sampleRate };
    },
    wav: (pcm: Pcm) => encodeWavPcm16(pcm),
    /** Files left in the temp folder (must be none once requests are over). */
    leftovers: () => readdirSafe(tmpDir),
    async close() {
      await service.idle();
      await queue.stop({ timeoutMs: 5000 });
      await adaptation.close();
      await synthesis.close();
      await database.dispose();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function readdirSafe(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** `pcm` repeated until it lasts `seconds` (a professional recording needs 5 minutes). */
export function repeated(pcm: Pcm, seconds: number): Pcm {
  const samples = new Float32Array(Math.round(seconds * pcm.sampleRate));
  for (let at = 0; at < samples.length; at += pcm.samples.length) samples.set(pcm.samples.subarray(0, samples.length - at), at);
  return { samples, sampleRate: pcm.sampleRate };
}

export type ServiceFixture = Awaited<ReturnType<typeof openServiceFixture>>;

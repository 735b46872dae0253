import type { BlobStore } from '../../blobs/blob-store.js';
import type { Clock } from '../../clock.js';
import type { JobQueue } from '../../queue/job-queue.js';
import type { DeliveryRepository, SpeakRepository, SpeakResourceRepository } from '../../repositories/index.js';

/** How long each kind of record is kept (the config's *_RETENTION_* variables). */
export interface RetentionPeriods {
  /** A finished speak is answered this long after it finished (SPEAK_RETENTION_HOURS). */
  speakMs: number;
  /** An uploaded speak resource is kept this long after its upload (UPLOAD_RETENTION_HOURS). */
  uploadMs: number;
  /** Finished jobs and webhook deliveries are kept this long (JOB_RETENTION_DAYS). */
  jobMs: number;
}

/** The audio download link lifetime: audio stays this long after its speak stops issuing links. */
export const linkLifetimeMs = 24 * 3_600_000;

export type RetentionKind = 'speaks' | 'speak_resources' | 'jobs' | 'webhook_deliveries';

/** What one run removed, per kind: rows deleted and blob bytes freed. */
export type RetentionReport = Record<RetentionKind, { rows: number; bytes: number }>;

export interface RetentionDeps {
  speaks: SpeakRepository;
  resources: SpeakResourceRepository;
  deliveries: DeliveryRepository;
  queue: Pick<JobQueue, 'removeFinishedBefore'>;
  blobs: BlobStore;
  clock: Clock;
  periods: RetentionPeriods;
  /** Rows of one kind removed per batch; a run goes on batch after batch until none is left. */
  batchSize?: number;
}

/**
 * Removes what is kept no longer: speaks (audio then row) once no link issued for them can still
 * work, upload slots never used once their hour is over and uploads past their keeping (blob then
 * row), finished jobs and webhook deliveries past their age. Blobs go before rows, so a run cut
 * short leaves rows whose blob is gone (removed on the next run), never a blob nobody knows.
 * Listeners hear what each run freed (metrics, logs). The response cache keeps its own bound.
 */
export class RetentionSweep {
  readonly listeners: Array<(report: RetentionReport) => void> = [];
  private readonly batchSize: number;

  constructor(private readonly deps: RetentionDeps) {
    this.batchSize = deps.batchSize ?? 200;
  }

  async run(): Promise<RetentionReport> {
    const now = this.deps.clock.now();
    const { periods } = this.deps;
    const report: RetentionReport = {
      speaks: await this.removeSpeaks(now - periods.speakMs - linkLifetimeMs),
      speak_resources: await this.removeResources(now, now - periods.uploadMs),
      webhook_deliveries: { rows: 0, bytes: 0 },
      jobs: { rows: 0, bytes: 0 },
    };
    for (;;) {
      const removed = await this.deps.deliveries.removeFinishedBefore(now - periods.jobMs, this.batchSize);
      report.webhook_deliveries.rows += removed;
      if (removed < this.batchSize) break;
    }
    for (;;) {
      const removed = await this.deps.queue.removeFinishedBefore(now - periods.jobMs, this.batchSize);
      report.jobs.rows += removed;
      if (removed < this.batchSize) break;
    }
    for (const listener of this.listeners) listener(report);
    return report;
  }

  private async removeSpeaks(finishedBefore: number): Promise<{ rows: number; bytes: number }> {
    const total = { rows: 0, bytes: 0 };
    for (;;) {
      const batch = await this.deps.speaks.finishedBefore(finishedBefore, this.batchSize);
      for (const speak of batch) if (speak.audioKey) total.bytes += await this.removeBlob(speak.audioKey);
      total.rows += await this.deps.speaks.removeFinished(batch.map((s) => s.id));
      if (batch.length < this.batchSize) return total;
    }
  }

  private async removeResources(now: number, uploadedBefore: number): Promise<{ rows: number; bytes: number }> {
    const total = { rows: 0, bytes: 0 };
    for (;;) {
      const batch = await this.deps.resources.expired(now, uploadedBefore, this.batchSize);
      for (const resource of batch) if (resource.blobKey) total.bytes += await this.removeBlob(resource.blobKey);
      total.rows += await this.deps.resources.remove(batch.map((r) => r.id));
      if (batch.length < this.batchSize) return total;
    }
  }

  /** Deletes a blob; returns its size (0 when it was gone already). */
  private async removeBlob(key: string): Promise<number> {
    const info = await this.deps.blobs.stat(key);
    await this.deps.blobs.delete(key);
    return info?.size ?? 0;
  }
}

/** `speaks 3 rows 1.2 MB, …`: a run's report as one log phrase (only what it removed). */
export function describeRetention(report: RetentionReport): string | null {
  const parts = Object.entries(report)
    .filter(([, r]) => r.rows > 0 || r.bytes > 0)
    .map(([kind, r]) => `${kind} ${r.rows} rows${r.bytes > 0 ? ` ${r.bytes} bytes` : ''}`);
  return parts.length > 0 ? `retention sweep removed ${parts.join(', ')}` : null;
}

import { rm } from 'node:fs/promises';
import type { BlobStore } from '../../blobs/blob-store.js';
import { blobToTempFile } from '../../blobs/blob-to-temp-file.js';
import type { Clock } from '../../clock.js';
import type { JobContext, JobType } from '../../queue/job-queue.js';
import type { BackendRetries } from '../../outages/backend-retries.js';
import { unreachableBackend } from '../../outages/unreachable-backend.js';
import { waitOut } from '../../outages/wait-out.js';
import { exponentialBackoff } from '../../queue/retry-schedules.js';
import type { CustomVoiceRepository } from '../../repositories/index.js';
import type { AdaptationPool } from '../../synthesis/adaptation/adaptation-pool.js';
import { AnalysisTimeoutError } from '../../synthesis/adaptation/adaptation-pool.js';
import { UploadRejection } from '../../synthesis/adaptation/upload-rejection.js';
import { professionalUpload } from './clone-limits.js';

export const trainingJobName = 'custom-voice-training';

export interface TrainingPayload {
  voiceId: string;
}

interface TrainingDeps {
  voices: CustomVoiceRepository;
  blobs: BlobStore;
  adaptation: AdaptationPool;
  tmpDir: string;
  clock: Clock;
  /** How long reading the recording waits out an unreachable storage (STORAGE_RETRY_SECONDS in ms). Default 5 minutes. */
  storageRetryMs?: number;
  retries?: BackendRetries;
}

const attempts = 3;
const internalFailure = 'Training failed because of an internal error. Please create the voice again.';
/** Why a training failed whose recording stayed unreadable through STORAGE_RETRY_SECONDS (docs/scaling.md, "Outages"). */
export const storageUnavailableFailure = 'Storage unavailable: the recording could not be read. Please create the voice again.';

/**
 * Trains a professional clone: the stored recording is copied to a temp file, read block by
 * block, measured carefully (more base voices, calibration rounds) and the profile saved. A
 * recording the analysis rejects fails at once with the reason; an internal failure is retried
 * and then fails with a safe text. The job lives in the durable queue, so a restart resumes it.
 */
export class TrainingJob implements JobType<TrainingPayload> {
  readonly name = trainingJobName;
  readonly maxAttempts = attempts;
  /** Analysing hours of audio takes minutes; the lease is renewed while it runs (every third of it), and after a crash another process takes the job over once it lapses. */
  readonly leaseMs = 20_000;
  readonly retryDelayMs = exponentialBackoff(5_000, attempts - 1);

  constructor(private readonly deps: TrainingDeps) {}

  async handle(payload: TrainingPayload, context: JobContext): Promise<void> {
    const { voices, clock } = this.deps;
    const row = await voices.get(payload.voiceId);
    // Deleted meanwhile, or already finished by an earlier run: nothing to do.
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    await voices.update(row.voice_id, { status: 'training', updated_at: clock.now() });
    let file: string | null = null;
    try {
      if (!row.upload_key) throw new UploadRejection('unreadable', 'The uploaded recording is missing.');
      const uploadKey = row.upload_key;
      // An outage of the storage is waited out, as a speak's is, not spent on the job's attempts.
      const outage = { budgetMs: this.deps.storageRetryMs ?? 300_000, onRetry: this.deps.retries?.count, signal: context.signal };
      file = await waitOut(() => blobToTempFile(this.deps.blobs, uploadKey, this.deps.tmpDir, 'training'), outage);
      if (!file) throw new UploadRejection('unreadable', 'The uploaded recording is missing.');
      if (context.signal.aborted) throw new Error('training aborted');
      const result = await this.deps.adaptation.clone(file, professionalUpload.limits, true, row.account_uid);
      await this.settle(row.voice_id, { status: 'completed', profile: JSON.stringify(result.profile), error: null });
    } catch (error) {
      if (error instanceof UploadRejection || error instanceof AnalysisTimeoutError) return this.settle(row.voice_id, { status: 'failed', error: error.message });
      if (!context.signal.aborted && unreachableBackend(error) !== null) return this.settle(row.voice_id, { status: 'failed', error: storageUnavailableFailure });
      if (context.attempt >= attempts) return this.settle(row.voice_id, { status: 'failed', error: internalFailure });
      throw error;
    } finally {
      if (file) await rm(file, { force: true });
    }
  }

  private async settle(voiceId: string, changes: { status: 'completed' | 'failed'; profile?: string; error: string | null }): Promise<void> {
    await this.deps.voices.update(voiceId, { ...changes, updated_at: this.deps.clock.now() });
  }
}

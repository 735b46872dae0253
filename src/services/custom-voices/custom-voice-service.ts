import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { BlobStore } from '../../blobs/blob-store.js';
import { systemClock, type Clock } from '../../clock.js';
import type { ConcurrencyLimiter, Release } from '../../limits/limiter.js';
import type { JobQueue } from '../../queue/job-queue.js';
import type { CustomVoiceRepository } from '../../repositories/index.js';
import { AnalysisTimeoutError, type AdaptationPool } from '../../synthesis/adaptation/adaptation-pool.js';
import { AnalysisQueueFullError } from '../../synthesis/adaptation/fair-task-queue.js';
import { UploadRejection } from '../../synthesis/adaptation/upload-rejection.js';
import { parseVoiceProfile, type VoiceProfile } from '../../synthesis/adaptation/voice-profile.js';
import { normalizeIso3 } from '../../synthesis/text/languages.js';
import type { AccountService } from '../accounts/account-service.js';
import type { Plan } from '../accounts/plan.js';
import type { CustomVoiceLister, UsableCustomVoice } from '../voices/voice-catalog.js';
import { emotionsOf } from '../../synthesis/catalog/voice-models.js';
import { instantUpload, maxNameLength, professionalUpload } from './clone-limits.js';
import { cloneModels, customVoiceFromRow, customVoiceIdPattern, type CustomVoice, type CustomVoiceSource } from './custom-voice.js';
import { CustomVoiceError, voiceNotFound } from './errors.js';
import { isSavedUpload, saveUpload, type SavedUpload, type UploadSource } from './save-upload.js';
import { abandonedCloneSweeps, keepAlive } from './abandoned-clones.js';
import type { Sweep } from '../maintenance/sweep-scheduler.js';
import { rejectionError } from './rejection-error.js';
import { TrainingJob, trainingJobName } from './training-job.js';
import type { BackendRetries } from '../../outages/backend-retries.js';

export const trainingJobIdOf = (voiceId: string) => `custom-voice-training:${voiceId}`;

export interface CustomVoiceServiceOptions {
  /** The `custom_voices` repository. */
  repository: CustomVoiceRepository;
  blobs: BlobStore;
  queue: JobQueue;
  concurrency: ConcurrencyLimiter;
  accounts: AccountService;
  adaptation: AdaptationPool;
  /** Private folder for uploads being read (under DATA_DIR). */
  tmpDir: string;
  clock?: Clock;
  /** Unexpected failures nobody awaits (background upload storage). Default: stderr. */
  onError?: (error: unknown, what: string) => void;
  /** How long a training waits out an unreachable storage (STORAGE_RETRY_SECONDS in ms). */
  storageRetryMs?: number;
  retries?: BackendRetries;
}

export interface InstantCloneInput {
  accountUid: string;
  name: unknown;
  model: unknown;
  /** The upload as a stream or bytes, or already saved by `receiveUpload` (the service then owns and removes the file). */
  file: UploadSource | SavedUpload;
}

export interface ProfessionalCloneInput extends InstantCloneInput {
  language: unknown;
}

/** A voice ready for synthesis: who may use it and how it sounds. */
export interface CustomVoiceWithProfile {
  voice: CustomVoice;
  profile: VoiceProfile;
}

/** Retry-After (s) of `too_many_clones`: an instant clone's analysis takes a few seconds. */
export const cloneRetryAfterSeconds = 5;

/** Shown when something on our side failed; never the internal error's text. */
const internalFailure = 'The voice could not be made from this recording because of an internal error. Please try again.';

/**
 * Custom voices of accounts: instant clones made while the client waits, professional clones
 * trained by a queued job, listing, reading and deleting, and the profile synthesis needs.
 * Checks run in the order decisions §1 gives, so each bad request gets the answer decided for it.
 */
export class CustomVoiceService implements CustomVoiceLister {
  private readonly voices: CustomVoiceRepository;
  private readonly clock: Clock;
  private readonly background = new Set<Promise<void>>();
  private readonly onError: (error: unknown, what: string) => void;
  readonly trainingJob: TrainingJob;

  constructor(private readonly options: CustomVoiceServiceOptions) {
    this.voices = options.repository;
    this.clock = options.clock ?? systemClock;
    this.onError = options.onError ?? ((error, what) => console.error(`custom voices: ${what}:`, error));
    this.trainingJob = new TrainingJob({
      voices: options.repository,
      blobs: options.blobs,
      adaptation: options.adaptation,
      tmpDir: options.tmpDir,
      clock: this.clock,
      storageRetryMs: options.storageRetryMs,
      retries: options.retries,
    });
  }

  /**
   * The maintenance sweeps of custom voices: instant clones a dead process left unfinished become
   * failed (professional clones are resumed by their queued job instead), and its temp files go.
   */
  sweeps(): Sweep[] {
    return abandonedCloneSweeps(this.voices, this.clock, this.options.tmpDir);
  }

  /**
   * Writes an upload to a private temp file while it arrives, refusing it (`file_too_large`)
   * past the limit of its kind. Routes call this while still reading the request, so they can
   * check the other fields first; the result goes to a create method, or to `discardUpload`.
   */
  async receiveUpload(source: UploadSource, kind: CustomVoiceSource): Promise<SavedUpload> {
    // The upload goes to the adaptation thread next: a fresh server starts it while the bytes arrive.
    this.options.adaptation.prepare();
    const maxBytes = kind === 'instant' ? instantUpload.maxBytes : professionalUpload.maxBytes;
    return { savedPath: await saveUpload(source, this.options.tmpDir, maxBytes) };
  }

  async discardUpload(upload: SavedUpload): Promise<void> {
    await rm(upload.savedPath, { force: true });
  }

  /**
   * The reconciler's part for professional clones: every voice awaiting training whose recording
   * is stored and whose job is not waiting or running gets it again (lost with an emptied Redis,
   * or never enqueued). One whose job failed for good while the voice was still in training
   * (workers that kept dying) is failed instead of trained for ever. Returns how many were queued.
   */
  async requeuePending(): Promise<number> {
    const pageSize = 200;
    let queued = 0;
    for (let after: string | null = null; ; ) {
      const page = await this.voices.awaitingTrainingPage(after, pageSize);
      for (const { voiceId, accountUid } of page) {
        const job = await this.options.queue.getJob(trainingJobIdOf(voiceId));
        if (job && (job.state === 'waiting' || job.state === 'active')) continue;
        const row = await this.voices.get(voiceId);
        if (!row || (row.status !== 'pending' && row.status !== 'training')) continue;
        if (job?.state === 'failed') {
          await this.failTraining(voiceId, internalFailure);
          continue;
        }
        if ((await this.options.queue.revive(trainingJobName, { voiceId }, { jobId: trainingJobIdOf(voiceId), group: accountUid })).created) queued++;
      }
      if (page.length < pageSize) return queued;
      after = page[page.length - 1].voiceId;
    }
  }

  /** Registers the professional training job type; call before the queue starts. */
  registerJobs(queue: JobQueue = this.options.queue): void {
    queue.register(this.trainingJob);
  }

  /**
   * Makes a voice from a 5–150 s sample and answers once it can speak (status `completed`), or
   * with status `failed` and a safe error when our side failed. The upload is stored in the blob
   * store in the background afterwards.
   */
  async createInstantClone(input: InstantCloneInput): Promise<CustomVoice> {
    let file = isSavedUpload(input.file) ? input.file.savedPath : null;
    let release: Release | null = null;
    let keepFile = false;
    try {
      const name = checkName(input.name);
      const model = checkModel(input.model);
      file ??= await saveUpload(input.file as UploadSource, this.options.tmpDir, instantUpload.maxBytes);
      const info = await this.probe(file, instantUpload.limits, input.accountUid);
      const plan = await this.planOf(input.accountUid);
      await this.checkSlots(input.accountUid, plan, 'instant');
      release = await this.acquireCloneSlot(input.accountUid, plan);
      const voiceId = await this.insertVoice(input.accountUid, plan, { name, model, language: null, source: 'instant', status: 'training' });
      const stopHeartbeat = keepAlive(this.voices, this.clock, voiceId, (error) => this.onError(error, `heartbeat of ${voiceId}`));
      try {
        const result = await this.options.adaptation.clone(file, instantUpload.limits, false, input.accountUid);
        await this.finishTraining(voiceId, result.profile);
      } catch (error) {
        const refusal = error instanceof UploadRejection ? rejectionError(error) : analysisRefusal(error);
        if (refusal) {
          await this.voices.delete(voiceId);
          throw refusal;
        }
        this.onError(error, `instant clone ${voiceId}`);
        await this.failTraining(voiceId, internalFailure);
      } finally {
        stopHeartbeat();
      }
      keepFile = true;
      const saved = file;
      this.inBackground(`storing the upload of ${voiceId}`, () => this.storeUpload(input.accountUid, voiceId, saved, info.format));
      return this.get(input.accountUid, voiceId);
    } finally {
      await release?.();
      if (!keepFile && file) await rm(file, { force: true });
    }
  }

  /**
   * Accepts a 5 min – 3 h recording for careful training: stores it, queues the training job and
   * answers with status `pending`; the job moves the voice to `training`, then `completed` or `failed`.
   */
  async createProfessionalClone(input: ProfessionalCloneInput): Promise<CustomVoice> {
    let file = isSavedUpload(input.file) ? input.file.savedPath : null;
    let release: Release | null = null;
    try {
      const name = checkName(input.name);
      const model = checkModel(input.model);
      const language = checkLanguage(input.language);
      file ??= await saveUpload(input.file as UploadSource, this.options.tmpDir, professionalUpload.maxBytes);
      const info = await this.probe(file, professionalUpload.limits, input.accountUid);
      const plan = await this.planOf(input.accountUid);
      await this.checkSlots(input.accountUid, plan, 'professional');
      release = await this.acquireCloneSlot(input.accountUid, plan);
      if (!(await this.options.accounts.useProfessionalGeneration(input.accountUid))) {
        throw new CustomVoiceError('no_generations_left', 'No professional clone trainings are left on the plan for this period.');
      }
      let voiceId: string;
      try {
        voiceId = await this.insertVoice(input.accountUid, plan, { name, model, language, source: 'professional', status: 'pending' });
      } catch (error) {
        await this.options.accounts.refundProfessionalGeneration(input.accountUid);
        throw error;
      }
      await this.storeUpload(input.accountUid, voiceId, file, info.format);
      // In the account's group: one account's trainings take turns with other accounts'.
      await this.options.queue.enqueue(trainingJobName, { voiceId }, { jobId: trainingJobIdOf(voiceId), group: input.accountUid });
      return this.get(input.accountUid, voiceId);
    } finally {
      await release?.();
      if (file) await rm(file, { force: true });
    }
  }

  /**
   * What the account may not do whatever it sends: clone on a plan without cloning (403), with
   * every slot of the kind taken (403), with all its clones-at-once busy (429). Routes call this
   * before they read a byte of the upload, so a refused request costs neither bandwidth nor
   * parsing. The create methods check all of it again (and take the slot) after the audio.
   */
  async refuseEarly(accountUid: string, kind: CustomVoiceSource): Promise<void> {
    const plan = await this.planOf(accountUid);
    await this.checkSlots(accountUid, plan, kind);
    const { inProgress } = await this.counts(accountUid);
    const busy = await this.options.concurrency.inUse(cloneSlotKey(accountUid));
    if (busy >= plan.maxConcurrentClones - inProgress) throw tooManyClones(plan);
  }

  /** Every voice of the account, whatever its status, newest first. */
  async list(accountUid: string): Promise<CustomVoice[]> {
    const rows = await this.voices.listByAccount(accountUid);
    return rows.map(customVoiceFromRow);
  }

  /** One voice of the account; another account's voice is "not found" like an unknown one. */
  async get(accountUid: string, voiceId: string): Promise<CustomVoice> {
    const row = await this.row(accountUid, voiceId);
    if (!row) throw voiceNotFound();
    return customVoiceFromRow(row);
  }

  /** Removes the voice, its profile and its stored upload; its slot is free at once. */
  async delete(accountUid: string, voiceId: string): Promise<void> {
    if (!customVoiceIdPattern.test(voiceId)) throw voiceNotFound();
    if (!(await this.voices.deleteOwned(accountUid, voiceId))) throw voiceNotFound();
    await this.deleteBlobs(accountUid, voiceId);
  }

  /** The account's completed voices, newest first, as the voice listings show them (VoiceCatalog's CustomVoiceLister). */
  async listUsable(accountUid: string): Promise<UsableCustomVoice[]> {
    const rows = await this.voices.listUsable(accountUid);
    return rows.map((row) => ({
      voiceId: row.voice_id,
      name: row.name,
      model: { version: row.model as CustomVoice['model'], emotions: [...emotionsOf(row.model as CustomVoice['model'])] },
      language: row.language,
    }));
  }

  /** A completed voice of the account with its profile, or null (synthesis answers 404). */
  async findUsable(accountUid: string, voiceId: string): Promise<CustomVoiceWithProfile | null> {
    const row = await this.row(accountUid, voiceId);
    if (!row || row.status !== 'completed' || !row.profile) return null;
    try {
      return { voice: customVoiceFromRow(row), profile: parseVoiceProfile(row.profile) };
    } catch (error) {
      this.onError(error, `reading the profile of ${voiceId}`);
      return null;
    }
  }

  /** Resolves when background work (upload storage) started so far has finished. */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async row(accountUid: string, voiceId: string) {
    if (typeof voiceId !== 'string' || !customVoiceIdPattern.test(voiceId)) return null;
    return this.voices.findOwned(accountUid, voiceId);
  }

  private async probe(file: string, limits: typeof instantUpload.limits | typeof professionalUpload.limits, accountUid: string) {
    try {
      return await this.options.adaptation.probe(file, limits, accountUid);
    } catch (error) {
      if (error instanceof UploadRejection) throw rejectionError(error);
      const refusal = analysisRefusal(error);
      if (refusal) throw refusal;
      // A decoder failing in a way nobody foresaw is still the file's fault, not a 500.
      this.onError(error, 'probing an upload');
      throw new CustomVoiceError('unreadable_audio', 'The audio file could not be read.');
    }
  }

  private async planOf(accountUid: string): Promise<Plan> {
    const found = await this.options.accounts.getWithPlan(accountUid);
    if (!found) throw new CustomVoiceError('cloning_not_allowed', 'Voice cloning is not available for this account.');
    if (!found.plan.cloneAllowed) throw new CustomVoiceError('cloning_not_allowed', 'Voice cloning is not available on your plan.');
    return found.plan;
  }

  /** Free slots, checked before the work; `insertVoice` checks again against concurrent creations. */
  private async checkSlots(accountUid: string, plan: Plan, source: CustomVoiceSource): Promise<void> {
    const counts = await this.counts(accountUid);
    if (counts.all >= plan.customVoiceSlot) {
      throw new CustomVoiceError('no_free_slot', `All ${plan.customVoiceSlot} custom voice slots of your plan are in use; delete a voice to free one.`);
    }
    if (source === 'professional' && counts.professional >= plan.professionalVoiceSlot) {
      throw new CustomVoiceError('no_free_slot', `All ${plan.professionalVoiceSlot} professional voice slots of your plan are in use.`);
    }
  }

  private async counts(accountUid: string): Promise<{ all: number; professional: number; inProgress: number }> {
    const rows = await this.voices.creationOrder(accountUid);
    return {
      all: rows.length,
      professional: rows.filter((r) => r.source === 'professional').length,
      inProgress: rows.filter((r) => r.source === 'professional' && (r.status === 'pending' || r.status === 'training')).length,
    };
  }

  /**
   * One of the plan's clones-at-once, counting professional trainings still queued or running
   * (they hold theirs until they end) and instant clones in progress in this process.
   */
  private async acquireCloneSlot(accountUid: string, plan: Plan): Promise<Release> {
    const { inProgress } = await this.counts(accountUid);
    const release = await this.options.concurrency.tryAcquire(cloneSlotKey(accountUid), Math.max(0, plan.maxConcurrentClones - inProgress));
    if (!release) throw tooManyClones(plan);
    return release;
  }

  /**
   * Inserts the voice, then makes sure it fits: among the account's voices ordered by creation,
   * it must be within the plan's slots. Two creations racing for the last slot both insert, both
   * see the same order, and the later one withdraws, on SQLite and PostgreSQL alike.
   */
  private async insertVoice(
    accountUid: string,
    plan: Plan,
    voice: { name: string; model: string; language: string | null; source: CustomVoiceSource; status: 'pending' | 'training' },
  ): Promise<string> {
    const voiceId = `uc_${randomBytes(12).toString('hex')}`;
    const now = this.clock.now();
    await this.voices.insert({ voice_id: voiceId, account_uid: accountUid, ...voice, created_at: now, updated_at: now });
    const rows = await this.voices.creationOrder(accountUid);
    const rank = rows.findIndex((r) => r.voice_id === voiceId);
    const professionalRank = rows.filter((r) => r.source === 'professional').findIndex((r) => r.voice_id === voiceId);
    const overAll = rank >= plan.customVoiceSlot;
    const overProfessional = voice.source === 'professional' && professionalRank >= plan.professionalVoiceSlot;
    if (overAll || overProfessional) {
      await this.voices.delete(voiceId);
      throw new CustomVoiceError('no_free_slot', 'All custom voice slots of your plan are in use; delete a voice to free one.');
    }
    return voiceId;
  }

  private async finishTraining(voiceId: string, profile: VoiceProfile): Promise<void> {
    await this.voices.update(voiceId, { status: 'completed', profile: JSON.stringify(profile), error: null, updated_at: this.clock.now() });
  }

  private async failTraining(voiceId: string, error: string): Promise<void> {
    await this.voices.update(voiceId, { status: 'failed', error, updated_at: this.clock.now() });
  }

  /** Copies the upload into the blob store and notes its key; a voice deleted meanwhile leaves nothing behind. */
  private async storeUpload(accountUid: string, voiceId: string, file: string, format: 'wav' | 'mp3'): Promise<void> {
    try {
      const key = `${voicePrefix(accountUid, voiceId)}original.${format}`;
      await this.options.blobs.put(key, createReadStream(file), format === 'wav' ? 'audio/wav' : 'audio/mpeg');
      if (!(await this.voices.update(voiceId, { upload_key: key }))) await this.deleteBlobs(accountUid, voiceId);
    } finally {
      await rm(file, { force: true });
    }
  }

  private async deleteBlobs(accountUid: string, voiceId: string): Promise<void> {
    const keys: string[] = [];
    for await (const key of this.options.blobs.list(voicePrefix(accountUid, voiceId))) keys.push(key);
    await Promise.all(keys.map((key) => this.options.blobs.delete(key)));
  }

  private inBackground(what: string, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error) => this.onError(error, what))
      .finally(() => this.background.delete(task));
    this.background.add(task);
  }
}

/** Where a voice's files live in the blob store. */
export function voicePrefix(accountUid: string, voiceId: string): string {
  return `${accountVoicesPrefix(accountUid)}${voiceId}/`;
}

/** Where all of an account's custom-voice files live (deleted with the account). */
export function accountVoicesPrefix(accountUid: string): string {
  return `custom-voices/${accountUid}/`;
}

/** The analysis pool's own refusals (time budget, full queue) in this service's terms; null for anything else. */
function analysisRefusal(error: unknown): CustomVoiceError | null {
  if (error instanceof AnalysisTimeoutError) return new CustomVoiceError('analysis_timed_out', error.message);
  if (error instanceof AnalysisQueueFullError) return new CustomVoiceError('analysis_busy', error.message, undefined, analysisBusyRetryAfterSeconds);
  return null;
}

/** Retry-After (s) of `analysis_busy`. */
const analysisBusyRetryAfterSeconds = 30;

/** The concurrency limiter's key for an account's clones at once (every node shares it). */
export const cloneSlotKey = (accountUid: string) => `clone:${accountUid}`;

function tooManyClones(plan: Plan): CustomVoiceError {
  return new CustomVoiceError('too_many_clones', `Your plan allows ${plan.maxConcurrentClones} voice clone(s) at once; wait for one to finish.`, undefined, cloneRetryAfterSeconds);
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim().length === 0 || [...value].length > maxNameLength) {
    throw new CustomVoiceError('invalid_field', `name must be 1 to ${maxNameLength} characters`, 'name');
  }
  return value;
}

function checkModel(value: unknown): (typeof cloneModels)[number] {
  if (typeof value !== 'string' || !(cloneModels as readonly string[]).includes(value)) {
    throw new CustomVoiceError('invalid_field', `model must be one of ${cloneModels.join(', ')}`, 'model');
  }
  return value as (typeof cloneModels)[number];
}

function checkLanguage(value: unknown): string {
  const language = typeof value === 'string' ? normalizeIso3(value) : null;
  if (!language) throw new CustomVoiceError('invalid_field', 'language must be an ISO 639-3 code of a supported language', 'language');
  return language;
}

export { voiceNotFound };
export type { UploadSource, SavedUpload };

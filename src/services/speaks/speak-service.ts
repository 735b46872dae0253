import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { Clock } from '../../clock.js';
import { slotRetryAfterSeconds, synthesisSlotKey, type ConcurrencyLimiter, type RateLimiter } from '../../limits/limiter.js';
import type { JobQueue } from '../../queue/job-queue.js';
import { NothingToSpeakError } from '../../synthesis/pipeline/plan-sentences.js';
import type { SynthesizedSpeech } from '../../synthesis/pipeline/speech-request.js';
import type { Synthesizer } from '../../synthesis/pipeline/synthesizer.js';
import { SynthesisTimeoutError } from '../../synthesis/pool/synthesis-pool.js';
import { VoiceModelUnavailableError } from '../../synthesis/pool/voice-model-failure.js';
import type { AccountService } from '../accounts/account-service.js';
import type { Account } from '../accounts/account.js';
import type { Plan } from '../accounts/plan.js';
import { SpeakError, rejections } from './errors.js';
import { onWrittenText, prepareSpeech, type SpeechDeps } from './speech-for-order.js';
import type { SpeakOrder } from './speak-order.js';
import type { SpeakRepository } from '../../repositories/index.js';
import { audioFileName } from './speak-urls.js';
import type { Speak } from './speak.js';
import type { BackendRetries } from '../../outages/backend-retries.js';
import { unreachableBackend } from '../../outages/unreachable-backend.js';
import { waitOut } from '../../outages/wait-out.js';

export const speakJobName = 'speak.synthesize';

/** Told when a speak reaches `done` or `failed`; must be idempotent (the job may call it twice). */
export interface SpeakFinishedListener {
  speakFinished(speak: Speak): Promise<void>;
}

export interface SpeakServiceDeps extends SpeechDeps {
  store: SpeakRepository;
  accounts: AccountService;
  rate: RateLimiter;
  /** The plan's `concurrency_limit` slots, shared with the current interface's syntheses. */
  concurrency: ConcurrencyLimiter;
  queue: JobQueue;
  blobs: BlobStore;
  synthesizer: Synthesizer;
  clock: Clock;
  finished: SpeakFinishedListener;
  /**
   * A finished speak is answered (with fresh links) this long after it finished, then it is not
   * found; the retention sweep deletes it once its last link has expired. Default 7 days.
   */
  retentionMs?: number;
  /**
   * How long a speak's job waits out an unreachable storage (or database) before the speak fails
   * (STORAGE_RETRY_SECONDS in ms). Default 5 minutes.
   */
  storageRetryMs?: number;
  /** Told of every retry against an unreachable backend (the metrics count them). */
  retries?: BackendRetries;
}

/** Pages of the reconciler's reads. */
const reconcilePageSize = 200;
/** How long POST /api/speak retries an unreachable queue before leaving the speak to the reconciler. */
const enqueueRetryMs = 2_000;

/** Attempts of the speak job that synthesize; later ones (workers that kept dying) only record the failure. */
export const synthesisAttempts = 3;

/** The window of the per-plan synthesis rate (`speak_rate_per_minute`). */
const rateWindowMs = 60_000;

/**
 * Speaks of the earlier interface: creation (rate limit, credits, a durable job), the job that
 * synthesizes and stores the audio, direct synthesis for /api/text-to-speech, and reads.
 */
export class SpeakService {
  constructor(private readonly deps: SpeakServiceDeps) {}

  /** Validates against what exists, charges, records the speak and enqueues its job. Returns the speak id. */
  async create(account: Account, plan: Plan, order: SpeakOrder, query: Record<string, unknown>): Promise<string> {
    const prepared = await prepareSpeech(order, account.uid, this.deps);
    const credits = await this.admit(account, plan, prepared.written.text);
    const id = randomBytes(12).toString('hex');
    try {
      await this.deps.store.insert({
        id,
        uid: account.uid,
        order,
        query,
        actorId: prepared.actorId,
        textCount: credits,
        credits,
        now: this.deps.clock.now(),
      });
    } catch (error) {
      await this.deps.accounts.refundCredits(account.uid, credits);
      throw error;
    }
    // The speak is recorded and paid for: accepted. If the queue cannot take its job now (Redis
    // away longer than a short retry), or the process dies before it does, the reconciler queues it
    // within its period (requeuePending), so the client's speak is never lost.
    try {
      await waitOut(() => this.enqueue(id, account.uid), { budgetMs: enqueueRetryMs, onRetry: this.deps.retries?.count });
    } catch (error) {
      if (unreachableBackend(error) === null) throw error;
    }
    return id;
  }

  /**
   * /api/text-to-speech: the same checks and charge, and the audio at once; refunded when it
   * fails. It runs while the client waits, so like every synthesis of the current interface it
   * holds one of the plan's `concurrency_limit` slots (the same slots: one account's budget of
   * simultaneous syntheses, whichever interface asks), refused at once (429) when none is free.
   */
  async speakNow(account: Account, plan: Plan, order: SpeakOrder): Promise<SynthesizedSpeech> {
    const prepared = await prepareSpeech(order, account.uid, this.deps);
    const release = await this.deps.concurrency.tryAcquire(synthesisSlotKey(account.uid), plan.concurrencyLimit);
    if (!release) throw rejections.tooManyConcurrent(plan.concurrencyLimit, slotRetryAfterSeconds);
    try {
      const credits = await this.admit(account, plan, prepared.written.text);
      try {
        return onWrittenText(await this.deps.synthesizer.synthesize(prepared.request), prepared);
      } catch (error) {
        await this.deps.accounts.refundCredits(account.uid, credits);
        if (error instanceof NothingToSpeakError) throw rejections.invalid('text', error.message);
        if (error instanceof SynthesisTimeoutError) throw rejections.timedOut(error.message, 5);
        if (error instanceof VoiceModelUnavailableError) throw rejections.voiceUnavailable(error.message, 60);
        throw error;
      }
    } finally {
      await release();
    }
  }

  /** The account's speak; another account's is as invisible as one that does not exist. */
  async get(uid: string, id: string): Promise<Speak> {
    const speak = /^[0-9a-f]{24}$/.test(id) ? await this.deps.store.get(id) : null;
    if (!speak || speak.uid !== uid) throw rejections.notFound();
    const retentionMs = this.deps.retentionMs ?? 7 * 24 * 3_600_000;
    if (speak.finishedAt !== null && this.deps.clock.now() - speak.finishedAt >= retentionMs) throw rejections.notFound();
    return speak;
  }

  /** Any account's speak, or null (downloads by signed URL, prosody-meta's own checks). */
  find(id: string): Promise<Speak | null> {
    return /^[0-9a-f]{24}$/.test(id) ? this.deps.store.get(id) : Promise.resolve(null);
  }

  /**
   * The job: synthesize, store the audio, mark done, tell the listener. Safe to run again at any
   * point: a finished speak is only announced again (idempotently), never synthesized twice.
   */
  async run(id: string, attempt: number, signal?: AbortSignal): Promise<void> {
    const speak = await this.deps.store.get(id);
    if (!speak) return;
    if (speak.status !== 'progress') return this.deps.finished.speakFinished(speak);
    const account = await this.deps.accounts.get(speak.uid);
    if (!account) return; // deleted with its account
    // Disabled after it was queued: it fails rather than spend work the operator has stopped.
    if (account.disabledAt !== null) return this.fail(speak, accountDisabledReason);
    if (attempt > synthesisAttempts) return this.fail(speak, 'Synthesis did not finish after repeated attempts');
    try {
      // Its length was checked when it was created: normalizing the whole text again only to
      // measure it was a speak job's largest piece of work on the event loop besides the database.
      // Outages (S3, the database) are waited out here, for STORAGE_RETRY_SECONDS, rather than
      // spent on the job's three quick attempts: the audio already made is kept, not made again.
      const outage = { budgetMs: this.deps.storageRetryMs ?? 300_000, onRetry: this.deps.retries?.count, signal };
      const prepared = await waitOut(() => prepareSpeech(speak.order, speak.uid, this.deps, { lengthChecked: true }), outage);
      const started = performance.now();
      const speech = onWrittenText(await this.deps.synthesizer.synthesize(prepared.request), prepared);
      const synthesisSeconds = (performance.now() - started) / 1000;
      const audioKey = `speaks/${audioFileName(speak)}`;
      try {
        await waitOut(() => this.deps.blobs.put(audioKey, speech.audio, speech.contentType), outage);
      } catch (error) {
        // Still unreachable after the whole wait: the speak fails, naming storage.
        if (!signal?.aborted && unreachableBackend(error) !== null) return this.fail(speak, storageUnavailableReason);
        throw error;
      }
      const marked = await waitOut(() => this.deps.store.markDone(
        id,
        {
          audioKey,
          contentType: speech.contentType,
          sampleRate: speech.sampleRate,
          duration: speech.duration,
          synthesisSeconds,
          timing: { language: speech.language, words: speech.words, spoken: speech.spoken, ...(prepared.written.text !== speak.order.text ? { text: prepared.written.text } : {}) },
        },
        this.deps.clock.now(),
      ), outage);
      // The speak went while it was synthesized (its account was deleted): leave no audio behind.
      if (!marked && !(await this.deps.store.get(id))) await this.deps.blobs.delete(audioKey);
    } catch (error) {
      // The job is being stopped (or lost its lease): hand it back whatever failed.
      if (signal?.aborted) throw error;
      // A text that ran past the time budget would again: fail it now (and refund) rather than retry.
      const permanent = error instanceof SpeakError || error instanceof NothingToSpeakError || error instanceof SynthesisTimeoutError || error instanceof VoiceModelUnavailableError;
      if (permanent || attempt >= synthesisAttempts) return this.fail(speak, reasonOf(error));
      throw error;
    }
    const done = await this.deps.store.get(id);
    if (done) await this.deps.finished.speakFinished(done);
  }

  /**
   * The reconciler's part for speaks (the database is the truth, the queue is derived): every
   * speak in progress whose job is not waiting or running gets it again (lost with an emptied
   * Redis, never enqueued because the queue was away or the process died, or finished in a queue
   * older than a restored database); one whose job failed for good (its workers kept dying) is
   * failed and refunded instead of being run for ever. Returns how many were queued.
   */
  async requeuePending(): Promise<number> {
    let queued = 0;
    for (let after: string | null = null; ; ) {
      const page = await this.deps.store.inProgressPage(after, reconcilePageSize);
      for (const { id, uid } of page) if (await this.requeue(id, uid)) queued++;
      if (page.length < reconcilePageSize) return queued;
      after = page[page.length - 1].id;
    }
  }

  private async requeue(id: string, uid: string): Promise<boolean> {
    const job = await this.deps.queue.getJob(jobIdOf(id));
    if (job && (job.state === 'waiting' || job.state === 'active')) return false;
    // Read again after the job: a speak whose job just finished has its outcome recorded by now.
    const speak = await this.deps.store.get(id);
    if (!speak || speak.status !== 'progress') return false;
    if (job?.state === 'failed') {
      await this.fail(speak, 'Synthesis job ended without a result');
      return false;
    }
    return (await this.deps.queue.revive(speakJobName, { speakId: id }, { jobId: jobIdOf(id), group: uid })).created;
  }

  /** The speak's job, in its account's group: accounts' speaks start fairly, not first come first served. */
  private enqueue(id: string, uid: string) {
    return this.deps.queue.enqueue(speakJobName, { speakId: id }, { jobId: jobIdOf(id), group: uid });
  }

  private async fail(speak: Speak, reason: string): Promise<void> {
    const now = this.deps.clock.now();
    if (await this.deps.store.markFailed(speak.id, reason, now)) await this.deps.accounts.refundCredits(speak.uid, speak.credits);
    const failed = await this.deps.store.get(speak.id);
    if (failed) await this.deps.finished.speakFinished(failed);
  }

  /** The plan's synthesis rate, then the credits (text length, atomically); returns the credits taken. */
  private async admit(account: Account, plan: Plan, text: string): Promise<number> {
    const decision = await this.deps.rate.hit(`earlier-speak:${account.uid}`, plan.speakRatePerMinute, rateWindowMs);
    if (!decision.allowed) throw rejections.tooManyRequests(decision.retryAfterSeconds);
    const credits = characterCount(text);
    if (!(await this.deps.accounts.debitCredits(account.uid, credits))) throw rejections.insufficientCredit();
    return credits;
  }
}

export const jobIdOf = (speakId: string) => `speak:${speakId}`;

/** Why a speak failed whose audio could not be stored through STORAGE_RETRY_SECONDS (docs/scaling.md, "Outages"). */
export const storageUnavailableReason = 'Storage unavailable: the audio could not be stored; the credits were refunded';

/** Why a speak queued before its account was disabled failed (docs/operations.md). */
export const accountDisabledReason = 'The account was disabled before this speak was synthesized';

/**
 * A failed speak's reason in the earlier interface's error shape (Orator's addition to the speak
 * reads and the webhook): `auth/account-disabled` for a disabled account, `app/storage-unavailable`
 * when the audio could not be stored, `app/synthesis-failed` for anything else.
 */
export function speakFailure(speak: Speak): { msg: string; error_code: string } | null {
  if (speak.status !== 'failed') return null;
  const msg = speak.error ?? 'Synthesis failed';
  const errorCode = msg === accountDisabledReason ? 'auth/account-disabled' : msg === storageUnavailableReason ? 'app/storage-unavailable' : 'app/synthesis-failed';
  return { msg, error_code: errorCode };
}

/** Characters as people count them (code points), for the 350 limit, text_count and credits. */
export function characterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function reasonOf(error: unknown): string {
  if (unreachableBackend(error) === 's3') return storageUnavailableReason;
  if (error instanceof SpeakError || error instanceof NothingToSpeakError || error instanceof SynthesisTimeoutError || error instanceof VoiceModelUnavailableError) return error.message;
  return 'Synthesis failed';
}

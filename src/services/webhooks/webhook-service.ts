import type { Clock } from '../../clock.js';
import type { ConcurrencyLimiter } from '../../limits/limiter.js';
import { JobPostponed, type JobQueue } from '../../queue/job-queue.js';
import type { AccountService } from '../accounts/account-service.js';
import type { SpeakFinishedListener } from '../speaks/speak-service.js';
import type { DeliveryRepository, SpeakRepository } from '../../repositories/index.js';
import type { SpeakUrls } from '../speaks/speak-urls.js';
import type { Speak } from '../speaks/speak.js';
import { postCallback, type AttemptOutcome, type PostOptions } from './post-callback.js';
import { maxWebhookAttempts } from './retry-schedule.js';
import { webhookBody } from './webhook-body.js';
import { webhookHeaders } from './webhook-signature.js';

export const webhookJobName = 'webhook.deliver';

/** Thrown by an attempt that should be retried; the job's retry policy spaces the retries. */
export class RetryableDelivery extends Error {}

export interface WebhookServiceDeps {
  deliveries: DeliveryRepository;
  speaks: SpeakRepository;
  urls: SpeakUrls;
  accounts: AccountService;
  queue: JobQueue;
  clock: Clock;
  post?: PostOptions;
  /** Replaceable in tests; the real one pins the vetted address. */
  send?: typeof postCallback;
  /**
   * Slots per account for attempts in flight (WEBHOOK_ACCOUNT_CONCURRENCY): with `limit`, one
   * account's receivers that hang can hold at most that many worker slots (each for at most the
   * attempt's timeout), so other accounts' deliveries keep theirs. Without it, no cap.
   */
  accountSlots?: { limiter: ConcurrencyLimiter; limit: number };
}

/** Pages of the reconciler's reads. */
const reconcilePageSize = 200;
/** How long an attempt waits when its account's slots are all taken; jittered so they do not come back in step. */
const slotWaitMs = 2_000;

/** An attempt's hold on its delivery lasts its timeout and this much more. */
const attemptLeaseMarginMs = 5_000;

const jittered = (ms: number) => Math.round(ms * (0.75 + Math.random() * 0.5));

export const webhookJobIdOf = (deliveryId: string) => `webhook:${deliveryId}`;

/** Default attempt limits: decisions §2. */
export const defaultPostOptions: PostOptions = { timeoutMs: 10_000, allowPrivate: false };

/**
 * Completion webhooks: one delivery per finished speak of an account with a callback URL, each
 * attempt a run of a durable job (retries spaced by the job type), signed per Standard Webhooks.
 */
export class WebhookService implements SpeakFinishedListener {
  private readonly post: PostOptions;
  private readonly send: typeof postCallback;

  constructor(private readonly deps: WebhookServiceDeps) {
    this.post = deps.post ?? defaultPostOptions;
    this.send = deps.send ?? postCallback;
  }

  /** Rewrites the callback URL of every delivery under the newest secret key (after a rotation); how many. */
  resealCallbackUrls(): Promise<number> {
    return this.deps.deliveries.resealUrls();
  }

  /** Makes the delivery (once) and enqueues its job (once): safe to call again for the same speak. */
  async speakFinished(speak: Speak): Promise<void> {
    if (speak.status === 'progress') return;
    // Ids only: the row and its sealed URL are read by the attempt, not here.
    let deliveryId = await this.deps.deliveries.idForSpeak(speak.id);
    if (!deliveryId) {
      const account = await this.deps.accounts.get(speak.uid);
      if (!account?.callbackUrl) return;
      deliveryId = await this.deps.deliveries.createIdFor(speak.id, speak.uid, account.callbackUrl, this.deps.clock.now());
    }
    // In the account's group: a slow receiver of one account does not hold up the others' deliveries.
    await this.deps.queue.enqueue(webhookJobName, { deliveryId }, { jobId: webhookJobIdOf(deliveryId), group: speak.uid });
  }

  /**
   * The reconciler's part for deliveries: every pending delivery whose job is not waiting or
   * running gets it again (lost with an emptied Redis, or never enqueued). One whose job failed
   * for good without ending it (not an answer of its receiver: a fault of ours, or workers that
   * kept dying) is ended as failed rather than run for ever. Returns how many were queued.
   */
  async requeuePending(): Promise<number> {
    let queued = 0;
    for (let after: string | null = null; ; ) {
      const page = await this.deps.deliveries.pendingPage(after, reconcilePageSize);
      for (const { id, uid } of page) if (await this.requeue(id, uid)) queued++;
      if (page.length < reconcilePageSize) return queued;
      after = page[page.length - 1].id;
    }
  }

  private async requeue(deliveryId: string, uid: string): Promise<boolean> {
    const job = await this.deps.queue.getJob(webhookJobIdOf(deliveryId));
    if (job && (job.state === 'waiting' || job.state === 'active')) return false;
    const delivery = await this.deps.deliveries.get(deliveryId);
    if (!delivery || delivery.status !== 'pending') return false;
    if (job?.state === 'failed') {
      const error = 'delivery job ended without a result';
      await this.deps.deliveries.record(deliveryId, { attempts: delivery.attempts, status: delivery.last_status_code, error, ended: 'failed' }, this.deps.clock.now());
      return false;
    }
    return (await this.deps.queue.revive(webhookJobName, { deliveryId }, { jobId: webhookJobIdOf(deliveryId), group: uid })).created;
  }

  /**
   * Attempt number `attempt` of a delivery (its job's run; a delivery queued again by the
   * reconciler goes on from the attempts it has recorded). Throws RetryableDelivery when another
   * attempt should follow, JobPostponed when its account's slots are all taken.
   */
  async attempt(deliveryId: string, jobAttempt: number): Promise<AttemptOutcome | null> {
    const delivery = await this.deps.deliveries.get(deliveryId);
    if (!delivery || delivery.status !== 'pending') return null;
    const slots = this.deps.accountSlots;
    const release = slots ? await slots.limiter.tryAcquire(`webhook:${delivery.uid}`, slots.limit) : async () => {};
    if (!release) throw new JobPostponed(jittered(slotWaitMs));
    try {
      // Held in the database for the attempt: a second job of this delivery (queued again by the
      // reconciler after the queue lost this one) waits rather than posting a second time.
      const now = this.deps.clock.now();
      if (!(await this.deps.deliveries.beginAttempt(deliveryId, now, now + this.post.timeoutMs + attemptLeaseMarginMs))) throw new JobPostponed(jittered(slotWaitMs));
      let recorded = false;
      try {
        const outcome = await this.deliver(delivery, Math.max(jobAttempt, delivery.attempts + 1), () => {
          recorded = true;
        });
        return outcome;
      } finally {
        if (!recorded) await this.deps.deliveries.endAttempt(deliveryId).catch(() => undefined);
      }
    } finally {
      await release();
    }
  }

  private async deliver(delivery: NonNullable<Awaited<ReturnType<DeliveryRepository['get']>>>, attempt: number, onRecorded: () => void): Promise<AttemptOutcome | null> {
    const deliveryId = delivery.id;
    const now = () => this.deps.clock.now();
    const speak = await this.deps.speaks.get(delivery.speak_id);
    if (!speak) {
      await this.deps.deliveries.record(deliveryId, { attempts: attempt, status: null, error: 'speak no longer exists', ended: 'failed' }, now());
      onRecorded();
      return null;
    }
    const body = JSON.stringify(webhookBody(speak, this.deps.urls));
    const secret = await this.deps.accounts.getWebhookSecret(delivery.uid);
    const timestamp = Math.floor(now() / 1000);
    const headers = { ...webhookHeaders(secret, delivery.id, timestamp, body) };
    const outcome = await this.send(delivery.url, body, headers, this.post);
    const last = attempt >= maxWebhookAttempts;
    const ended = outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'final' || last ? 'failed' : null;
    await this.deps.deliveries.record(
      deliveryId,
      { attempts: attempt, status: outcome.status, error: outcome.kind === 'delivered' ? null : outcome.error, ended },
      now(),
    );
    onRecorded();
    if (!ended) throw new RetryableDelivery(`webhook ${deliveryId} attempt ${attempt}: ${outcome.kind === 'retry' ? outcome.error : ''}`);
    return outcome;
  }
}

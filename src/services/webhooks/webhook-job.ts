import { JobPostponed, type JobType } from '../../queue/job-queue.js';
import type { BackendRetries } from '../../outages/backend-retries.js';
import { unreachableBackend } from '../../outages/unreachable-backend.js';
import { maxWebhookAttempts, webhookRetryDelayMs } from './retry-schedule.js';
import { webhookJobName, type WebhookService } from './webhook-service.js';

export interface WebhookJobPayload {
  deliveryId: string;
}

/**
 * Each attempt is a run of this durable job, so backoff survives restarts: the next attempt is
 * the job waiting in the table with its `run_at`. Attempt n failing schedules retry n.
 * A handler error of our own (a secret that cannot be opened) is retried on the same schedule; an
 * unreachable database or Redis is waited out (the run postponed, not counted as an attempt), so
 * an outage of any length loses no delivery and spends none of its attempts.
 */
/** Between runs postponed by an outage. */
const outageWaitMs = 5_000;

export function webhookJob(webhooks: WebhookService, retries?: BackendRetries): JobType<WebhookJobPayload> {
  return {
    name: webhookJobName,
    maxAttempts: maxWebhookAttempts,
    // Like the speak job's: a running attempt renews it every third of it (both queues), so a live
    // attempt is never taken over, and a delivery whose worker was killed is taken over within
    // seconds rather than half a minute (the cluster test kills a worker mid-delivery).
    leaseMs: 10_000,
    handle: async (payload, context) => {
      try {
        await webhooks.attempt(payload.deliveryId, context.attempt);
      } catch (error) {
        const backend = unreachableBackend(error);
        if (backend === null) throw error;
        retries?.count(backend);
        throw new JobPostponed(outageWaitMs);
      }
    },
    retryDelayMs: (attempt) => webhookRetryDelayMs(attempt),
  };
}

import type { JobType } from '../../queue/job-queue.js';
import { maxWebhookAttempts, webhookRetryDelayMs } from './retry-schedule.js';
import { webhookJobName, type WebhookService } from './webhook-service.js';

export interface WebhookJobPayload {
  deliveryId: string;
}

/**
 * Each attempt is a run of this durable job, so backoff survives restarts: the next attempt is
 * the job waiting in the table with its `run_at`. Attempt n failing schedules retry n.
 * A handler error of our own (database, secret) is retried on the same schedule.
 */
export function webhookJob(webhooks: WebhookService): JobType<WebhookJobPayload> {
  return {
    name: webhookJobName,
    maxAttempts: maxWebhookAttempts,
    // Like the speak job's: a running attempt renews it every third of it (both queues), so a live
    // attempt is never taken over, and a delivery whose worker was killed is taken over within
    // seconds rather than half a minute (the cluster test kills a worker mid-delivery).
    leaseMs: 10_000,
    handle: async (payload, context) => {
      await webhooks.attempt(payload.deliveryId, context.attempt);
    },
    retryDelayMs: (attempt) => webhookRetryDelayMs(attempt),
  };
}

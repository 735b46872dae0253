import type { JobType } from '../../queue/job-queue.js';
import { speakJobName, synthesisAttempts, type SpeakService } from './speak-service.js';

export interface SpeakJobPayload {
  speakId: string;
}

/**
 * The durable job behind every `POST /api/speak`. The handler decides the outcome itself within
 * `synthesisAttempts` (one second, then two, between them); the queue's cap sits higher so that
 * runs whose worker died still reach the handler, which then records the failure and refunds.
 */
export function speakJob(speaks: SpeakService): JobType<SpeakJobPayload> {
  return {
    name: speakJobName,
    maxAttempts: synthesisAttempts + 3,
    // Short, so a speak whose worker was killed is taken over within seconds of a restart; a
    // running handler renews it every third of that.
    leaseMs: 10_000,
    handle: (payload, context) => speaks.run(payload.speakId, context.attempt, context.signal),
    retryDelayMs: (attempt) => 1000 * attempt,
  };
}

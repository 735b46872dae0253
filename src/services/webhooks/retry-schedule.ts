/** Retries after the first attempt, at most (decisions §2). */
export const maxWebhookRetries = 18;
/** The first attempt and every retry. */
export const maxWebhookAttempts = maxWebhookRetries + 1;
const immediateRetries = 5;
const minuteMs = 60_000;

/**
 * Delay before retry number `retry` (1-based): retries 1–5 at once, then 1, 2, 4, … 4096
 * minutes (retries 6–18); null past the last. Attempt n failing is followed by retry n.
 */
export function webhookRetryDelayMs(retry: number): number | null {
  if (!Number.isInteger(retry) || retry < 1 || retry > maxWebhookRetries) return null;
  if (retry <= immediateRetries) return 0;
  return minuteMs * 2 ** (retry - immediateRetries - 1);
}

import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, keyed
 * with the bytes the `whsec_` secret carries in base64. Receivers verify it with any Standard
 * Webhooks library and the secret `orator accounts webhook-secret <uid>` prints.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  if (key.length === 0) throw new RangeError('empty webhook secret');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function webhookHeaders(secret: string, id: string, timestamp: number, body: string): WebhookHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { callbackUrlRefusal, RefusedCallbackAddress, vetCallbackHost, type VettedAddress } from './callback-address.js';

/** What one delivery attempt came to. */
export type AttemptOutcome =
  | { kind: 'delivered'; status: number }
  /** Timeout, 429, 5xx, or no answer at all (connection refused, reset, DNS failure). */
  | { kind: 'retry'; status: number | null; error: string }
  /** Any other answer (4xx, 3xx: redirects are not followed), or an address we refuse. */
  | { kind: 'final'; status: number | null; error: string };

export interface PostOptions {
  /** The whole attempt, connection to answer. Decisions §2: 10 s. */
  timeoutMs: number;
  allowPrivate: boolean;
}

const userAgent = 'Orator-Webhooks/1';

/**
 * POSTs a webhook once. The host is resolved and vetted first, and the socket is pinned to the
 * vetted address through a custom `lookup`, so what was checked is what is connected to (no
 * DNS rebinding between check and use). TLS still verifies the certificate against the host
 * name. The answer's body is read and discarded; only its status matters.
 */
export async function postCallback(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<AttemptOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { kind: 'final', status: null, error: 'invalid callback URL' };
  }
  // The same judgement as at registration; then the name's addresses, as resolved now.
  const refusal = callbackUrlRefusal(target, options.allowPrivate);
  if (refusal) return { kind: 'final', status: null, error: refusal };
  const deadline = Date.now() + options.timeoutMs;
  let vetted: VettedAddress;
  try {
    vetted = await withTimeout(vetCallbackHost(target.hostname, options.allowPrivate), options.timeoutMs);
  } catch (error) {
    if (error instanceof RefusedCallbackAddress) return { kind: 'final', status: null, error: error.message };
    return { kind: 'retry', status: null, error: `resolving ${target.hostname}: ${messageOf(error)}` };
  }
  const status = await send(target, vetted, body, headers, Math.max(1, deadline - Date.now())).catch((error: unknown) => error as Error);
  if (status instanceof Error) return { kind: 'retry', status: null, error: status.message };
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status === 429 || status >= 500) return { kind: 'retry', status, error: `answered ${status}` };
  return { kind: 'final', status, error: `answered ${status}` };
}

function send(target: URL, vetted: VettedAddress, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [vetted]);
    else callback(null, vetted.address, vetted.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        lookup: pinned,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': userAgent },
      },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
        });
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

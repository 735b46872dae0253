import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { callbackUrlRefusal, RefusedCallbackAddress, vetCallbackHost, type VettedAddress } from '../../services/webhooks/callback-address.js';
import { InstallRefused, printable } from './models-limits.js';

/** Redirects followed at most, per request. */
const maxRedirects = 5;
/** A connection that sends nothing for this long is given up (the download then resumes). */
const idleTimeoutMs = 60_000;

export interface OpenedUrl {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
  /** Where the answer came from, after redirects. */
  url: string;
}

/**
 * GETs a URL for `orator models`. The origin the operator named (`trustedOrigin`: the URL given
 * on the command line, or the index's) may be anywhere, loopback and private networks included:
 * an operator installing from a local mirror chose it. Any other origin, reached by a redirect or
 * named by an index entry, must pass the webhook address policy (`callbackUrlRefusal`, then every
 * address its name resolves to is global unicast; the connection is pinned to the vetted address),
 * so a public server cannot steer the installer into the operator's own network.
 */
export async function openUrl(url: string, trustedOrigin: string, headers: Record<string, string> = {}): Promise<OpenedUrl> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const pinned = await vetTarget(current, trustedOrigin, url);
    const response = await get(current, headers, pinned);
    const location = response.headers.location;
    if (response.statusCode && [301, 302, 303, 307, 308].includes(response.statusCode) && location) {
      response.resume();
      if (hop >= maxRedirects) throw new InstallRefused(`${url}: more than ${maxRedirects} redirects`);
      try {
        current = new URL(location, current);
      } catch {
        throw new InstallRefused(`${url}: redirected to an invalid URL`);
      }
      continue;
    }
    return { status: response.statusCode ?? 0, headers: response.headers, body: response, url: current.href };
  }
}

async function vetTarget(target: URL, trustedOrigin: string, asked: string): Promise<VettedAddress | null> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new InstallRefused(`${asked}: led to ${printable(target.protocol)} (only http and https)`);
  if (target.origin === trustedOrigin) return null;
  const why = callbackUrlRefusal(target, false);
  if (why) throw new InstallRefused(`${asked}: refused ${printable(target.host)}: ${why} (only the host you named may be private)`);
  try {
    return await vetCallbackHost(target.hostname, false);
  } catch (error) {
    if (error instanceof RefusedCallbackAddress) throw new InstallRefused(`${asked}: refused ${printable(target.host)}: ${error.message} (only the host you named may be private)`);
    throw error;
  }
}

function get(target: URL, headers: Record<string, string>, pinned: VettedAddress | null): Promise<IncomingMessage> {
  const lookup: LookupFunction | undefined = pinned
    ? (_hostname, options, callback) => {
        if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: VettedAddress[]) => void)(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      }
    : undefined;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(target, { headers: { 'user-agent': 'orator-models/1', ...headers }, ...(lookup ? { lookup } : {}) }, resolve);
    request.setTimeout(idleTimeoutMs, () => request.destroy(new Error(`${target.href}: no data for ${idleTimeoutMs / 1000} s`)));
    request.on('error', reject);
  });
}

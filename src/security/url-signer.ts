import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.js';

export interface SignedQuery {
  /** Unix seconds after which the link stops working. */
  expires: number;
  /** base64url HMAC-SHA256 of the path and expiry. */
  signature: string;
  /** `expires=…&signature=…`, ready to append after `?`. */
  query: string;
}

/**
 * No link lives longer than this (the documented 24 h of download links): a longer expiry asked
 * of the signer is cut to it, and a link claiming a later one is refused, so nobody, the owner of
 * a speak included, can mint a link that outlives the rule.
 */
export const maxLinkSeconds = 24 * 3600;

/**
 * Expiring links made by the app itself, so local-disk downloads and uploads expire like S3
 * presigned URLs do. The MAC covers the exact path (percent-encoded as sent) and the expiry;
 * links for different purposes must therefore use different paths.
 */
export class UrlSigner {
  private readonly keys: readonly Buffer[];

  /** `keys`: one key, or newest first: the first signs, any of them verifies (key rotation). */
  constructor(
    keys: Buffer | readonly Buffer[],
    private readonly clock: Clock,
  ) {
    this.keys = Buffer.isBuffer(keys) ? [keys] : keys;
    if (this.keys.length === 0 || this.keys.some((key) => key.length < 32)) throw new RangeError('URL signing keys must be at least 32 bytes');
  }

  /** Signs `path` to expire `ttlSeconds` from now (clock time, rounded up to a whole second). */
  sign(path: string, ttlSeconds: number): SignedQuery {
    const expires = Math.ceil(this.clock.now() / 1000 + ttlSeconds);
    return this.signUntil(path, expires);
  }

  /** Signs `path` to expire at `expires` (unix seconds), or at the longest a link may live if that is sooner. */
  signUntil(path: string, requested: number): SignedQuery {
    if (!Number.isSafeInteger(requested) || requested < 0) throw new RangeError('expires must be whole unix seconds');
    const expires = Math.min(requested, this.latestExpiry(this.clock.now()));
    const signature = this.mac(this.keys[0], path, expires).toString('base64url');
    return { expires, signature, query: `expires=${expires}&signature=${signature}` };
  }

  /**
   * True when the signature matches and the link has not expired at `now` (ms, default: the
   * clock). Takes the raw query values, so malformed input is simply invalid, never an error.
   */
  verify(path: string, expires: string | number | undefined, signature: string | undefined, now = this.clock.now()): boolean {
    if (expires === undefined || signature === undefined) return false;
    const text = String(expires);
    if (!/^\d{1,15}$/.test(text)) return false;
    const seconds = Number(text);
    // Compare the MAC before the expiry so that timing says nothing about which check failed.
    const given = Buffer.from(signature, 'base64url');
    let macOk = false;
    for (const key of this.keys) {
      const expected = this.mac(key, path, seconds);
      macOk = (given.length === expected.length && timingSafeEqual(given, expected)) || macOk;
    }
    // Re-encoding guards against alternative base64 spellings of the same bytes.
    const canonical = macOk && given.toString('base64url') === signature;
    return canonical && now < seconds * 1000 && seconds <= this.latestExpiry(now);
  }

  private latestExpiry(nowMs: number): number {
    return Math.ceil(nowMs / 1000) + maxLinkSeconds;
  }

  private mac(key: Buffer, path: string, expires: number): Buffer {
    return createHmac('sha256', key).update(`${expires}\n${path}`, 'utf8').digest();
  }
}

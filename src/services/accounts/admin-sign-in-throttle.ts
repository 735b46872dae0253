import type { RateLimiter } from '../../limits/limiter.js';

export interface AdminSignInThrottleOptions {
  /** Failed authentications one address may make within the window (ADMIN_AUTH_FAILURES). */
  failures: number;
  /** ADMIN_AUTH_WINDOW_SECONDS, in ms. */
  windowMs: number;
}

/**
 * Failed admin-token authentications counted per client address, on the shared rate limiter
 * (Redis in a cluster: every node counts together). Past the allowance an address is refused
 * before its token is even compared, the right token included, until its oldest failure leaves
 * the window: guessing costs the window per `failures` guesses, whatever the guesser's speed.
 * IPv6 addresses count per /64, the block one host is usually given.
 */
export class AdminSignInThrottle {
  constructor(
    private readonly rate: RateLimiter,
    private readonly options: AdminSignInThrottleOptions,
  ) {}

  /** Seconds the address must still wait, or 0 when it may try. */
  async waitSeconds(address: string): Promise<number> {
    const decision = await this.rate.peek(keyOf(address), this.options.failures, this.options.windowMs);
    return decision.allowed ? 0 : decision.retryAfterSeconds;
  }

  /** Counts one failure of the address; answers how many more it may make in the window. */
  async failed(address: string): Promise<{ remaining: number }> {
    const decision = await this.rate.hit(keyOf(address), this.options.failures, this.options.windowMs);
    return { remaining: decision.allowed ? decision.remaining : 0 };
  }
}

const keyOf = (address: string) => `admin-auth-failures:${addressBlock(address)}`;

/** The address itself for IPv4 (IPv4-mapped IPv6 included); the first 64 bits for IPv6. */
export function addressBlock(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/64`;
}

import type { ConcurrencyLimiter, Release } from './limiter.js';

/** Slots counted in this process only: right for one machine, per-node when scaled. */
export class InMemoryConcurrencyLimiter implements ConcurrencyLimiter {
  private readonly taken = new Map<string, number>();

  async tryAcquire(key: string, limit: number): Promise<Release | null> {
    const current = this.taken.get(key) ?? 0;
    if (current >= limit) return null;
    this.taken.set(key, current + 1);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      const left = (this.taken.get(key) ?? 1) - 1;
      if (left > 0) this.taken.set(key, left);
      else this.taken.delete(key);
    };
  }

  async inUse(key: string): Promise<number> {
    return this.taken.get(key) ?? 0;
  }
}

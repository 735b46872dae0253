import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { BlobStore } from '../blobs/blob-store.js';
import type { Config } from '../config/config.js';
import { redactUrl } from '../redis/redact-url.js';
import type { Store } from '../store/database.js';

/** How long one backing service may take to answer a readiness probe. */
export const probeTimeoutMs = 3000;

/** Ready, possibly with a warning that does not stop the node from working (Redis that does not persist). */
export type Readiness = { ready: true; warning?: string } | { ready: false; reason: string };

/** How long Redis's persistence settings, once read, are trusted (they change only by an operator). */
const persistenceTtlMs = 60_000;

/**
 * Whether this node can do its work right now: the database answers, and Redis and S3 when
 * configured. Used by `GET /readyz`; the reason names the service, never a password.
 */
export class ReadinessProbe {
  private redis: Redis | null = null;
  private persistence: { warning: string | null; at: number } | null = null;

  constructor(private readonly deps: { config: Pick<Config, 'redisUrl' | 's3Bucket' | 'databaseUrl'>; store: Store; blobs: BlobStore }) {}

  async check(): Promise<Readiness> {
    const checks: Array<[string, () => Promise<unknown>]> = [[this.deps.config.databaseUrl ? 'PostgreSQL' : 'SQLite', () => sql`select 1`.execute(this.deps.store.db)]];
    const redisUrl = this.deps.config.redisUrl;
    if (redisUrl) checks.push([`Redis at ${redactUrl(redisUrl)}`, () => this.pingRedis(redisUrl)]);
    if (this.deps.config.s3Bucket) checks.push([`S3 bucket ${this.deps.config.s3Bucket}`, () => this.deps.blobs.stat('readyz-probe')]);
    const failures = await Promise.all(checks.map(async ([name, probe]) => ((await withTimeout(probe())) ? null : name)));
    const down = failures.filter((name): name is string => name !== null);
    if (down.length > 0) return { ready: false, reason: `unreachable: ${down.join(', ')}` };
    const warning = redisUrl ? await this.persistenceWarning() : null;
    return warning ? { ready: true, warning } : { ready: true };
  }

  /** A warning when Redis keeps nothing across a restart (read at most once a minute); null otherwise. */
  private async persistenceWarning(): Promise<string | null> {
    const now = Date.now();
    if (this.persistence && now - this.persistence.at < persistenceTtlMs) return this.persistence.warning;
    const redis = this.redis;
    if (!redis) return null;
    const { readRedisPersistence, redisPersistenceFix } = await import('../redis/redis-persistence.js');
    const read = await readRedisPersistence(redis).catch(() => null);
    const warning = read?.persists === false ? `${read.detail}; ${redisPersistenceFix}` : null;
    this.persistence = { warning, at: now };
    return warning;
  }

  async close(): Promise<void> {
    const redis = this.redis;
    this.redis = null;
    if (redis) await redis.quit().catch(() => redis.disconnect());
  }

  private async pingRedis(url: string): Promise<unknown> {
    if (!this.redis) {
      const { openRedis } = await import('../redis/redis-connection.js');
      this.redis ??= openRedis(url, { name: 'orator-readyz' });
    }
    if (this.redis.status === 'wait') await this.redis.connect();
    return this.redis.ping();
  }
}

/** True when the probe settled without error within probeTimeoutMs. */
async function withTimeout(probe: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), probeTimeoutMs);
  });
  try {
    return await Promise.race([probe.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

import type { Redis } from 'ioredis';

/** What Redis says of its own persistence; `persists` null when it would not say (CONFIG disabled, as on some managed services). */
export interface RedisPersistence {
  persists: boolean | null;
  detail: string;
}

/** The one line readiness and doctor print when Redis keeps nothing across a restart. */
export const redisPersistenceFix = 'set appendonly yes (or keep RDB snapshots with save) so a restart keeps the queue: see docs/scaling.md, "Redis"';

/**
 * Whether Redis writes its data to disk (`CONFIG GET appendonly` / `save`): with both off, a
 * restart empties the queue. Orator's reconciler queues again what the database holds as pending,
 * so nothing is lost for good, but jobs wait up to RECONCILE_SECONDS and their backoff starts over.
 */
export async function readRedisPersistence(redis: Redis): Promise<RedisPersistence> {
  let appendonly: string;
  let save: string;
  try {
    appendonly = valueOf((await redis.call('CONFIG', 'GET', 'appendonly')) as string[]);
    save = valueOf((await redis.call('CONFIG', 'GET', 'save')) as string[]);
  } catch (error) {
    return { persists: null, detail: `Redis would not say whether it persists (CONFIG GET: ${(error as Error).message})` };
  }
  const persists = appendonly === 'yes' || save.trim() !== '';
  const settings = `appendonly ${appendonly || '?'}, save "${save}"`;
  return { persists, detail: persists ? `Redis persists (${settings})` : `Redis does not persist (${settings}): a restart empties the queue` };
}

function valueOf(reply: string[]): string {
  return Array.isArray(reply) && reply.length >= 2 ? String(reply[1]) : '';
}

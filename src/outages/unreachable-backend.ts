import { isBackendUnavailable } from '../redis/backend-unavailable.js';
import { isDatabaseUnavailable } from '../services/database-unavailable.js';

/** A backing service an outage can take away for a while. */
export type Backend = 's3' | 'redis' | 'database';

/**
 * Which backing service an error says is unreachable right now, or null for any other error (a
 * fault, a refusal, a bug): only outages are waited out, everything else fails as before.
 */
export function unreachableBackend(error: unknown): Backend | null {
  if (isDatabaseUnavailable(error)) return 'database';
  if (isBackendUnavailable(error)) return (error as { backend?: unknown }).backend === 'redis' ? 'redis' : 's3';
  return null;
}

import { isBackendUnavailable } from '../redis/backend-unavailable.js';
import { isDatabaseUnavailable } from '../services/database-unavailable.js';

export interface Unavailable {
  message: string;
  headers: Record<string, string>;
}

// Long enough for a pool or client to reconnect after a restart, short enough not to stall clients.
const headers = { 'retry-after': '5' };

/**
 * What every interface says, in its own shape, while a service it depends on cannot be reached
 * (the database, Redis, S3), or null for any other error. The words name no host: where the
 * infrastructure lives is the operator's business, and the logs say it.
 */
export function unavailableService(error: unknown): Unavailable | null {
  if (isDatabaseUnavailable(error)) return { message: 'The database is unreachable for the moment; try again shortly', headers };
  if (isBackendUnavailable(error)) return { message: 'A storage or queue service is unreachable for the moment; try again shortly', headers };
  return null;
}

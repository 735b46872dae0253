import type { Backend } from './unreachable-backend.js';

/**
 * Where the services tell each retry of an unreachable backend (waitOut's onRetry). One per
 * process, shared by the services that wait outages out; the metrics set `onRetry` to count them
 * (`orator_backend_retries_total`), without the services knowing about metrics.
 */
export class BackendRetries {
  onRetry: ((backend: Backend) => void) | null = null;

  readonly count = (backend: Backend): void => {
    this.onRetry?.(backend);
  };
}

import type { Migration } from 'kysely';
import * as accounts from './0001_accounts.js';
import * as serverSettings from './0002_server_settings.js';
import * as jobs from './0003_jobs.js';
import * as customVoices from './0004_custom_voices.js';
import * as speaks from './0005_speaks.js';
import * as synthesisCache from './0006_synthesis_cache.js';
import * as accountLifecycle from './0007_account_lifecycle.js';
import * as accountKeys from './0008_account_keys.js';
import * as storageRetention from './0009_storage_retention.js';
import * as creditPeriods from './0010_credit_periods.js';
import * as voicesVersion from './0011_voices_version.js';
import * as jobFairness from './0012_job_fairness.js';
import * as cacheOwner from './0013_cache_owner.js';
import * as nodes from './0014_nodes.js';
import * as deliveryAttemptLease from './0015_delivery_attempt_lease.js';
import * as auditPagingUploadReservations from './0016_audit_paging_upload_reservations.js';
import * as pronunciationDictionaries from './0017_pronunciation_dictionaries.js';

/**
 * Every migration, listed by hand rather than found by reading a folder, so the same list works
 * from src/ under tsx and from dist/ after a build. Names sort in the order they must run.
 * Append only; never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_server_settings': serverSettings,
  '0003_jobs': jobs,
  '0004_custom_voices': customVoices,
  '0005_speaks': speaks,
  '0006_synthesis_cache': synthesisCache,
  '0007_account_lifecycle': accountLifecycle,
  '0008_account_keys': accountKeys,
  '0009_storage_retention': storageRetention,
  '0010_credit_periods': creditPeriods,
  '0011_voices_version': voicesVersion,
  '0012_job_fairness': jobFairness,
  '0013_cache_owner': cacheOwner,
  '0014_nodes': nodes,
  '0015_delivery_attempt_lease': deliveryAttemptLease,
  '0016_audit_paging_upload_reservations': auditPagingUploadReservations,
  '0017_pronunciation_dictionaries': pronunciationDictionaries,
};

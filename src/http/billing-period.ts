import type { CurrentPeriod } from '../services/accounts/index.js';

/** The billing period as every interface shows it (subscription, /api/me, the admin API): ISO 8601 UTC times. */
export function billingPeriod(period: CurrentPeriod): { length: string; start: string; next_renewal_at: string } {
  return { length: period.length, start: new Date(period.start).toISOString(), next_renewal_at: new Date(period.nextRenewalAt).toISOString() };
}

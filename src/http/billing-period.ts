import type { CurrentPeriod } from '../services/accounts/index.js';

type BillingPeriod = Readonly<{ length: string; start: string; next_renewal_at: string }>;

/** Periods come from AccountService as one object per period while it lasts: each is shown once. */
const shown = new WeakMap<CurrentPeriod, BillingPeriod>();

/** The billing period as every interface shows it (subscription, /api/me, the admin API): ISO 8601 UTC times. */
export function billingPeriod(period: CurrentPeriod): BillingPeriod {
  let shape = shown.get(period);
  if (shape === undefined) {
    shape = Object.freeze({ length: period.length, start: new Date(period.start).toISOString(), next_renewal_at: new Date(period.nextRenewalAt).toISOString() });
    shown.set(period, shape);
  }
  return shape;
}

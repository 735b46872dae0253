import { Type } from '@sinclair/typebox';

/** Orator's addition: the billing period the used counts belong to; both renew to zero at next_renewal_at. */
export const BillingPeriod = Type.Object(
  {
    length: Type.String({ description: 'ISO 8601 duration of the plan\'s period: P1M (monthly, the default), P1Y, P1W, P30D…', examples: ['P1M'] }),
    start: Type.String({ format: 'date-time', description: 'When this period began (ISO 8601 UTC); periods run from the account\'s start date' }),
    next_renewal_at: Type.String({ format: 'date-time', description: 'When used_credits and used_generations go back to zero (ISO 8601 UTC)' }),
  },
  { title: 'BillingPeriod' },
);

export const Subscription = Type.Object(
  {
    plan: Type.String({ examples: ['free', 'lite', 'plus', 'custom'] }),
    credits: Type.Object({ plan_credits: Type.Integer(), used_credits: Type.Integer() }),
    limits: Type.Object({ concurrency_limit: Type.Integer(), custom_voice_slot: Type.Integer(), professional_voice_slot: Type.Integer() }),
    professional_clone_generations: Type.Object({ plan_generations: Type.Integer(), used_generations: Type.Integer() }),
    period: BillingPeriod,
  },
  { title: 'SubscriptionResponse' },
);

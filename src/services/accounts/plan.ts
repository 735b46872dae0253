
/** What an account's plan allows. Values live in the `plans` table; operators edit them. */
export interface Plan {
  name: string;
  /** Simultaneous synthesis requests (current interface). */
  concurrencyLimit: number;
  customVoiceSlot: number;
  professionalVoiceSlot: number;
  /** Characters of synthesis per period. */
  planCredits: number;
  cloneAllowed: boolean;
  prosodyMetaAllowed: boolean;
  /** Synthesis requests per minute (earlier interface). */
  speakRatePerMinute: number;
  maxConcurrentClones: number;
  professionalCloneGenerations: number;
  /** How often credits renew, from each account's start date: ISO 8601 duration of one unit (`P1M` default; `P1Y`, `P1W`, `P30D`…). */
  creditPeriod: string;
}

export type PlanLimits = Omit<Plan, 'name'>;

/** A plan to add: the credit period may be left to its default (`P1M`). */
export type NewPlan = Omit<Plan, 'creditPeriod'> & { creditPeriod?: string };

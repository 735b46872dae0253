
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
  /** Upload slots (`POST /api/speak/resource`) awaiting their upload at once. */
  uploadSlotsOpen: number;
  /** Bytes of uploaded speak resources kept for the account at once. */
  uploadBytes: number;
  /** New upload slots per hour. */
  uploadSlotsPerHour: number;
  /** How often credits renew, from each account's start date: ISO 8601 duration of one unit (`P1M` default; `P1Y`, `P1W`, `P30D`…). */
  creditPeriod: string;
}

export type PlanLimits = Omit<Plan, 'name'>;

type DefaultedLimit = 'uploadSlotsOpen' | 'uploadBytes' | 'uploadSlotsPerHour' | 'creditPeriod';
/**
 * A plan as created: the upload limits and the credit period may be left out (the columns'
 * defaults apply: the free tier's upload limits, a credit period of `P1M`).
 */
export type NewPlan = Omit<Plan, DefaultedLimit> & Partial<Pick<Plan, DefaultedLimit>>;

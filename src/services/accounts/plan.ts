
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
}

export type PlanLimits = Omit<Plan, 'name'>;

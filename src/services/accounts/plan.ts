import type { PlanRow } from '../../store/schema.js';

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

export function planFromRow(row: PlanRow): Plan {
  return {
    name: row.name,
    concurrencyLimit: row.concurrency_limit,
    customVoiceSlot: row.custom_voice_slot,
    professionalVoiceSlot: row.professional_voice_slot,
    planCredits: row.plan_credits,
    cloneAllowed: row.clone_allowed === 1,
    prosodyMetaAllowed: row.prosody_meta_allowed === 1,
    speakRatePerMinute: row.speak_rate_per_minute,
    maxConcurrentClones: row.max_concurrent_clones,
    professionalCloneGenerations: row.professional_clone_generations,
  };
}

export function planToRow(limits: Partial<PlanLimits>): Partial<Omit<PlanRow, 'name'>> {
  const row: Partial<Omit<PlanRow, 'name'>> = {};
  if (limits.concurrencyLimit !== undefined) row.concurrency_limit = limits.concurrencyLimit;
  if (limits.customVoiceSlot !== undefined) row.custom_voice_slot = limits.customVoiceSlot;
  if (limits.professionalVoiceSlot !== undefined) row.professional_voice_slot = limits.professionalVoiceSlot;
  if (limits.planCredits !== undefined) row.plan_credits = limits.planCredits;
  if (limits.cloneAllowed !== undefined) row.clone_allowed = limits.cloneAllowed ? 1 : 0;
  if (limits.prosodyMetaAllowed !== undefined) row.prosody_meta_allowed = limits.prosodyMetaAllowed ? 1 : 0;
  if (limits.speakRatePerMinute !== undefined) row.speak_rate_per_minute = limits.speakRatePerMinute;
  if (limits.maxConcurrentClones !== undefined) row.max_concurrent_clones = limits.maxConcurrentClones;
  if (limits.professionalCloneGenerations !== undefined) row.professional_clone_generations = limits.professionalCloneGenerations;
  return row;
}

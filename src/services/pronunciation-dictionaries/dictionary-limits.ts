/** What a plan allows in pronunciation dictionaries. */
export interface DictionaryLimits {
  /** Dictionaries per account (archived ones count). */
  dictionaries: number;
  /** Rules in one version of a dictionary. */
  rules: number;
  /** UTF-8 bytes of a version's rule strings (strings replaced, aliases, phonemes). */
  bytes: number;
}

/**
 * Limits by plan name. Kept in code rather than in the plans table: they bound storage and the
 * per-request matching cost, not a billed quantity. A plan not listed (an operator's own) gets the
 * largest tier's. See docs/text.md.
 */
const byPlan: Record<string, DictionaryLimits> = {
  free: { dictionaries: 3, rules: 1_000, bytes: 64 * 1024 },
  lite: { dictionaries: 10, rules: 2_000, bytes: 128 * 1024 },
  plus: { dictionaries: 25, rules: 5_000, bytes: 256 * 1024 },
  custom: { dictionaries: 100, rules: 10_000, bytes: 1024 * 1024 },
};

export function dictionaryLimitsOf(plan: string): DictionaryLimits {
  return byPlan[plan] ?? byPlan.custom!;
}

/** Dictionaries one synthesis applies: those the request names plus the account's defaults (ElevenLabs takes 3 locators). */
export const maxDictionariesPerRequest = 3;

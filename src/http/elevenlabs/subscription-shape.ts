import type { SignedIn } from '../../services/accounts/account-service.js';
import type { CurrentPeriod } from '../../services/accounts/index.js';

/** ISO 8601 plan periods in ElevenLabs' words (its enumeration has no weekly or daily period). */
const refreshPeriods: Record<string, string> = { P1M: 'monthly_period', P3M: '3_month_period', P6M: '6_month_period', P1Y: 'annual_period', P12M: 'annual_period' };

/**
 * The plan and its use as ElevenLabs' subscription: characters used and allowed in this period,
 * when they renew, custom voice slots, whether cloning is allowed. Nothing here is billed, so
 * the money fields are zero and no invoices are open.
 */
export function subscriptionOf({ account, plan }: SignedIn, period: CurrentPeriod, voiceSlotsUsed: number) {
  const refresh = refreshPeriods[period.length];
  return {
    tier: plan.name,
    character_count: account.usedCredits,
    character_limit: plan.planCredits,
    max_character_limit_extension: 0,
    max_credit_limit_extension: 0,
    can_extend_character_limit: false,
    allowed_to_extend_character_limit: false,
    next_character_count_reset_unix: Math.floor(period.nextRenewalAt / 1000),
    voice_slots_used: voiceSlotsUsed,
    professional_voice_slots_used: 0,
    professional_voice_slots_used_in_workspace: 0,
    voice_limit: plan.customVoiceSlot,
    voice_add_edit_counter: 0,
    professional_voice_limit: plan.professionalVoiceSlot,
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: plan.cloneAllowed,
    can_use_professional_voice_cloning: plan.cloneAllowed && plan.professionalVoiceSlot > 0,
    currency: 'usd',
    current_overage: { amount: '0', currency: 'usd' },
    status: 'active',
    ...(refresh && { billing_period: refresh, character_refresh_period: refresh }),
    open_invoices: [],
    has_open_invoices: false,
  };
}

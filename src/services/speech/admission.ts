import type { AccountService } from '../accounts/account-service.js';
import { slotRetryAfterSeconds, synthesisSlotKey, type ConcurrencyLimiter } from '../../limits/limiter.js';
import { SpeechError } from './speech-errors.js';

/** A synthesis let in: it holds a concurrency slot and has paid its credits until it ends. */
export interface Admission {
  /**
   * Frees the slot; a synthesis that failed gets all its credits back, one that was done gets
   * back `unusedCredits` (a stream the listener left early). Only the first call counts.
   */
  end(outcome: 'done' | 'failed', unusedCredits?: number): Promise<void>;
}

/**
 * The gate in front of every synthesis of the current interface: one of the plan's
 * `concurrency_limit` slots, taken at once or refused (429; never queued), then the credits,
 * debited atomically (402 when the plan's allowance would be passed).
 */
export class SpeechAdmission {
  constructor(
    private readonly accounts: AccountService,
    private readonly concurrency: ConcurrencyLimiter,
  ) {}

  async admit(accountUid: string, credits: number): Promise<Admission> {
    const found = await this.accounts.getWithPlan(accountUid);
    if (!found) throw new SpeechError('insufficient_credit', 'Insufficient credit');
    const release = await this.concurrency.tryAcquire(synthesisSlotKey(accountUid), found.plan.concurrencyLimit);
    if (!release) {
      throw new SpeechError(
        'too_many_concurrent',
        `Too many simultaneous requests: the plan allows ${found.plan.concurrencyLimit} at a time`,
        undefined,
        slotRetryAfterSeconds,
      );
    }
    let paid = false;
    try {
      paid = await this.accounts.debitCredits(accountUid, credits);
    } finally {
      if (!paid) await release();
    }
    if (!paid) throw new SpeechError('insufficient_credit', 'Insufficient credit', undefined, this.accounts.secondsUntilRenewal(found.account, found.plan));
    let ended = false;
    return {
      end: async (outcome, unusedCredits = 0) => {
        if (ended) return;
        ended = true;
        const refund = outcome === 'failed' ? credits : Math.min(credits, Math.max(0, Math.floor(unusedCredits)));
        try {
          if (refund > 0) await this.accounts.refundCredits(accountUid, refund);
        } finally {
          await release();
        }
      },
    };
  }
}

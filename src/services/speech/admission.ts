import type { AccountService } from '../accounts/account-service.js';
import type { ConcurrencyLimiter } from '../../limits/limiter.js';
import { SpeechError } from './speech-errors.js';

/** A synthesis let in: it holds a concurrency slot and has paid its credits until it ends. */
export interface Admission {
  /** Frees the slot; a synthesis that failed gets its credits back. Safe to call twice. */
  end(outcome: 'done' | 'failed'): Promise<void>;
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
    const release = await this.concurrency.tryAcquire(`synthesis:${accountUid}`, found.plan.concurrencyLimit);
    if (!release) {
      throw new SpeechError('too_many_concurrent', `Too many simultaneous requests: the plan allows ${found.plan.concurrencyLimit} at a time`);
    }
    let paid = false;
    try {
      paid = await this.accounts.debitCredits(accountUid, credits);
    } finally {
      if (!paid) await release();
    }
    if (!paid) throw new SpeechError('insufficient_credit', 'Insufficient credit');
    let ended = false;
    return {
      end: async (outcome) => {
        if (ended) return;
        ended = true;
        try {
          if (outcome === 'failed') await this.accounts.refundCredits(accountUid, credits);
        } finally {
          await release();
        }
      },
    };
  }
}

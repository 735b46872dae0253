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
 * A concurrency slot held across many syntheses (a stream-input WebSocket): the credits of each
 * piece are charged when it starts, and given back if it fails.
 */
export interface HeldSlot {
  accountUid: string;
  /** Debits `credits` (refused `insufficient_credit` when the allowance would be passed); the answer's `end` settles them. */
  charge(credits: number): Promise<Admission>;
  /** Gives back credits of pieces charged and never delivered (the listener left). */
  refund(credits: number): Promise<void>;
  /** Frees the slot. Only the first call counts. */
  release(): Promise<void>;
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
    const { release, renewal } = await this.takeSlot(accountUid);
    let paid = false;
    try {
      paid = await this.accounts.debitCredits(accountUid, credits);
    } finally {
      if (!paid) await release();
    }
    if (!paid) throw new SpeechError('insufficient_credit', 'Insufficient credit', undefined, renewal());
    return this.settlement(accountUid, credits, release);
  }

  /** One slot for a whole session; each piece then pays through `charge`. */
  async hold(accountUid: string): Promise<HeldSlot> {
    const { release, renewal } = await this.takeSlot(accountUid);
    let released = false;
    const noop = async () => {};
    return {
      accountUid,
      charge: async (credits) => {
        if (!(await this.accounts.debitCredits(accountUid, credits))) throw new SpeechError('insufficient_credit', 'Insufficient credit', undefined, renewal());
        return this.settlement(accountUid, credits, noop);
      },
      refund: async (credits) => {
        if (credits > 0) await this.accounts.refundCredits(accountUid, credits);
      },
      release: async () => {
        if (released) return;
        released = true;
        await release();
      },
    };
  }

  private async takeSlot(accountUid: string) {
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
    return { release, renewal: () => this.accounts.secondsUntilRenewal(found.account, found.plan) };
  }

  private settlement(accountUid: string, credits: number, release: () => Promise<void>): Admission {
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

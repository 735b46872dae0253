import { parseCreditPeriod, periodAt } from './credit-period.js';

/** The billing period an account is in: its length, when it began, when credits renew next. */
export interface CurrentPeriod {
  /** ISO 8601 duration of the plan (`P1M`…). */
  length: string;
  /** ms since the epoch. */
  start: number;
  /** The next renewal (ms): the end of this period. */
  nextRenewalAt: number;
}

/**
 * The billing period of each (start date, plan period) pair, worked out once per period rather
 * than on every request: every signed-in request checks it (a due renewal), and the calendar work
 * behind a monthly boundary cost about as much as the rest of a light route's own code. A period
 * found is handed out (the same frozen object) while the clock stays inside it, so a boundary
 * passed is seen at once. Bounded: past `maxEntries` pairs the oldest goes first.
 */
export class PeriodMemo {
  private readonly periods = new Map<string, CurrentPeriod>();

  constructor(private readonly maxEntries = 1000) {}

  at(anchor: number, length: string, now: number): CurrentPeriod {
    const key = `${anchor}/${length}`;
    const known = this.periods.get(key);
    if (known !== undefined && known.start <= now && now < known.nextRenewalAt) return known;
    const { start, end } = periodAt(anchor, parseCreditPeriod(length), now);
    const period = Object.freeze({ length, start, nextRenewalAt: end });
    this.periods.delete(key);
    if (this.periods.size >= this.maxEntries) this.periods.delete(this.periods.keys().next().value!);
    this.periods.set(key, period);
    return period;
  }
}

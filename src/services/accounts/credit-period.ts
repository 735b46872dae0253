import { invalidValue } from './errors.js';

/**
 * How often a plan's credits renew, as an ISO 8601 duration of one unit: `P1M` (a month, the
 * default), `P3M`, `P1Y`, `P1W`, `P30D`… Periods run from the account's start date, in UTC: a
 * monthly account made on the 31st renews on the last day of shorter months and on the 31st
 * again when the month has one (each boundary is computed from the start date, never from the
 * previous boundary, so a short month does not pull every later renewal earlier).
 */
export interface CreditPeriod {
  unit: 'D' | 'W' | 'M' | 'Y';
  count: number;
}

const PERIOD = /^P([1-9]\d{0,3})([DWMY])$/;
const DAY = 86_400_000;

export const DEFAULT_CREDIT_PERIOD = 'P1M';

export function parseCreditPeriod(text: string): CreditPeriod {
  const match = PERIOD.exec(text);
  if (!match) throw invalidValue(`credit_period must be an ISO 8601 duration of one unit such as P1M, P3M, P1Y, P1W or P30D, got "${text}"`);
  return { unit: match[2] as CreditPeriod['unit'], count: Number(match[1]) };
}

/** The `k`-th boundary after `anchor` (k = 0 is the anchor itself). */
export function boundary(anchor: number, period: CreditPeriod, k: number): number {
  if (period.unit === 'D' || period.unit === 'W') return anchor + k * period.count * (period.unit === 'W' ? 7 : 1) * DAY;
  const months = k * period.count * (period.unit === 'Y' ? 12 : 1);
  const a = new Date(anchor);
  const monthIndex = a.getUTCMonth() + months;
  const year = a.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(a.getUTCDate(), lastDay), a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds(), a.getUTCMilliseconds());
}

/** The period `now` falls in: from its start (inclusive) to the next renewal (exclusive). Before the anchor: the first period. */
export function periodAt(anchor: number, period: CreditPeriod, now: number): { start: number; end: number } {
  if (now <= anchor) return { start: anchor, end: boundary(anchor, period, 1) };
  let k: number;
  if (period.unit === 'D' || period.unit === 'W') {
    k = Math.floor((now - anchor) / (boundary(anchor, period, 1) - anchor));
  } else {
    const a = new Date(anchor);
    const n = new Date(now);
    const monthsApart = (n.getUTCFullYear() - a.getUTCFullYear()) * 12 + n.getUTCMonth() - a.getUTCMonth();
    k = Math.max(0, Math.floor(monthsApart / (period.count * (period.unit === 'Y' ? 12 : 1))));
    while (boundary(anchor, period, k) > now) k--;
    while (boundary(anchor, period, k + 1) <= now) k++;
  }
  return { start: boundary(anchor, period, k), end: boundary(anchor, period, k + 1) };
}

/**
 * The shape every part of `npm run bench` (bench/performance.ts) hands back: sections of rows, each
 * a measured ratio or size with its target beside it. Parts live in their own modules
 * (bench/synthesis-targets.ts, bench/light-routes.ts, …) and the aggregator prints them all.
 */
export interface BenchRow {
  /** What was measured, against what (e.g. "pipeline / engine, eSpeak, 600 chars wav"). */
  name: string;
  /** A number (printed with `unit`), or a string printed as it is, unit included (with `target` likewise). */
  value: number | string;
  /** The target as printed, e.g. "≤ 1.15", "≥ 1.8", "< 1000 ms". */
  target: string;
  ok: boolean;
  /** How the value reads (×, ms, MB); "×" when omitted. */
  unit?: string;
  /** The raw figures behind a ratio, e.g. "412 / 380 ms". */
  detail?: string;
}

export interface BenchSection {
  title: string;
  rows: BenchRow[];
}

export const atMost = (name: string, value: number, limit: number, extra: Partial<BenchRow> = {}): BenchRow => ({
  name,
  value,
  target: `≤ ${limit}`,
  ok: value <= limit,
  ...extra,
});

export const atLeast = (name: string, value: number, limit: number, extra: Partial<BenchRow> = {}): BenchRow => ({
  name,
  value,
  target: `≥ ${limit}`,
  ok: value >= limit,
  ...extra,
});

export const below = (name: string, value: number, limit: number, extra: Partial<BenchRow> = {}): BenchRow => ({
  name,
  value,
  target: `< ${limit}`,
  ok: value < limit,
  ...extra,
});

/** Median of the values (the middle one; the lower middle for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

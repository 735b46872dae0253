import type { ByteRange } from '../../blobs/blob-store.js';

/** What a Range header asks for: one range, a suffix (last `suffix` bytes), or nothing usable. */
export type RangeRequest = { range: ByteRange } | { suffix: number } | null;

/**
 * Parses `Range: bytes=a-b`, `bytes=a-` and `bytes=-n`. Several ranges, other units and
 * malformed values answer null: the whole file is served, as RFC 9110 allows.
 */
export function parseRangeHeader(header: string | undefined): RangeRequest {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return Number.isSafeInteger(suffix) && suffix > 0 ? { suffix } : null;
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  if (!Number.isSafeInteger(start) || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) return null;
  return { range: { start, end } };
}

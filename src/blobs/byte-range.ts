import { BlobRangeError, type ByteRange } from './blob-store.js';

/** The inclusive bytes of `range` that exist in an object of `size` bytes; BlobRangeError if none. */
export function clampRange(range: ByteRange, size: number): { start: number; end: number } {
  const validEnd = range.end === undefined || (Number.isSafeInteger(range.end) && range.end >= range.start);
  if (!Number.isSafeInteger(range.start) || range.start < 0 || !validEnd) {
    throw new RangeError(`invalid byte range ${JSON.stringify(range)}`);
  }
  if (range.start >= size) throw new BlobRangeError(size);
  return { start: range.start, end: Math.min(size - 1, range.end ?? size - 1) };
}

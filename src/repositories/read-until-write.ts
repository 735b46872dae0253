import { changeStampOf, type ChangeStamp } from '../store/change-stamp.js';

interface Kept<Value> {
  stamp: string;
  value: Value;
}

/**
 * Reads kept by key until anything is written to the database (see store/change-stamp.ts), for the
 * reads every request repeats: the sign-in by API key was a query of its own on every signed-in
 * request, most of a light route's cost on SQLite. Exact: a value is handed out only while the
 * database's stamp still reads what it read just before the value was read, so a key revoked, an
 * account disabled or a plan changed, by this process or any other, is seen by the next request.
 * Where there is no stamp (PostgreSQL, transactions) nothing is kept and every call reads.
 *
 * Bounded: at most `maxEntries` values; past that the oldest kept goes first.
 */
export class ReadUntilWrite<Value> {
  private readonly stamp: ChangeStamp | undefined;
  private readonly kept = new Map<string, Kept<Value>>();

  constructor(
    db: object,
    private readonly maxEntries = 1000,
  ) {
    this.stamp = changeStampOf(db);
  }

  /**
   * The value kept for `key`, without reading: undefined unless it was read since the last write
   * and `stillValid` accepts it (then `get` would hand out the same value). Synchronous, so a
   * request that finds its value here goes on without waiting for a promise; on undefined, `get`.
   */
  peek(key: string, stillValid: (value: Value) => boolean = () => true): Value | undefined {
    if (this.stamp === undefined) return undefined;
    const hit = this.kept.get(key);
    if (hit === undefined) return undefined;
    const stamp = this.stamp();
    return stamp !== null && hit.stamp === stamp && stillValid(hit.value) ? hit.value : undefined;
  }

  /**
   * The value kept for `key` if nothing was written since it was read and `stillValid` (a check
   * of time, such as an expiry) accepts it, else `read()`'s, kept when it is not undefined.
   */
  async get(key: string, read: () => Promise<Value | undefined>, stillValid: (value: Value) => boolean = () => true): Promise<Value | undefined> {
    if (this.stamp === undefined) return read();
    // Taken before reading: a write landing between this and the read makes the stamp move past
    // the one the value is kept under, so it is read again next time, never kept stale.
    const stamp = this.stamp();
    if (stamp === null) return read();
    const hit = this.kept.get(key);
    if (hit !== undefined && hit.stamp === stamp && stillValid(hit.value)) return hit.value;
    const value = await read();
    this.kept.delete(key);
    if (value === undefined) return undefined;
    if (this.kept.size >= this.maxEntries) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { stamp, value });
    return value;
  }
}

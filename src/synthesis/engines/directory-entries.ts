import { readdirSync, statSync, type Stats } from 'node:fs';

/**
 * Filesystem timestamps move in steps (a kernel tick on Linux, 2 s on FAT): a change made in the
 * same step as a listing was read can leave the directory's times as they were when read.
 */
const timestampStep = 2_000;

interface Listing {
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  /** When the names were read (wall clock, taken before reading). */
  readAt: number;
  names: readonly string[];
}

const listings = new Map<string, Listing>();

/** While `oneLook` runs: the stats already taken, so each directory is stat'ed once. */
let looked: Map<string, Stats | undefined> | null = null;

function statOf(dir: string): Stats | undefined {
  if (looked?.has(dir)) return looked.get(dir);
  const stat = statSync(dir, { throwIfNoEntry: false });
  looked?.set(dir, stat);
  return stat;
}

/**
 * Runs `read` (synchronous) stat'ing each directory at most once: the engines' catalogs each look
 * at the same models directory on every voice listing, and nothing else runs in between, so one
 * look answers both as if they had looked at the same instant.
 */
export function oneLook<T>(read: () => T): T {
  if (looked !== null) return read();
  looked = new Map();
  try {
    return read();
  } finally {
    looked = null;
  }
}

/**
 * The names in `dir` (null when it cannot be read), read again only when it may have changed.
 * The catalogs look at the models directory on every voice lookup so that a model installed while
 * the server runs is listed at once; reading the directory each time was most of a light
 * request's cost (bench:light-routes), while one stat costs little. Adding, removing or renaming
 * an entry changes the directory's mtime and ctime (ctime cannot be set back by hand), so equal
 * times mean the same names, except for a change in the very timestamp step of the read: a listing
 * is only trusted once its times are older than its read by more than a step ("racily clean", as
 * git calls it), and until then it is read again on every call, as before. `now` is the wall
 * clock (tests pass one).
 */
export function directoryEntries(dir: string, now: () => number = Date.now): readonly string[] | null {
  const stat = statOf(dir);
  if (stat === undefined || !stat.isDirectory()) {
    listings.delete(dir);
    return null;
  }
  const cached = listings.get(dir);
  if (
    cached !== undefined &&
    cached.ino === stat.ino &&
    cached.mtimeMs === stat.mtimeMs &&
    cached.ctimeMs === stat.ctimeMs &&
    cached.readAt - Math.max(stat.mtimeMs, stat.ctimeMs) > timestampStep
  ) {
    return cached.names;
  }
  const readAt = now();
  let names: readonly string[];
  try {
    names = readdirSync(dir);
  } catch {
    listings.delete(dir);
    return null;
  }
  listings.set(dir, { ino: stat.ino, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, readAt, names });
  return names;
}

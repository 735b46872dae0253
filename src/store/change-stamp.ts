import type BetterSqlite3 from 'better-sqlite3';

/**
 * A reading, cheap and synchronous, that differs from an earlier one whenever the database may have
 * changed in between, whoever changed it; null when it cannot tell right now. What a repository
 * read under one stamp still holds while the stamp reads the same.
 */
export type ChangeStamp = () => string | null;

const stamps = new WeakMap<object, ChangeStamp>();

/**
 * The SQLite file's stamp: `PRAGMA data_version` changes when another connection (another
 * process, or another handle in this one) commits, and `total_changes()` counts every row this
 * connection inserted, updated or deleted (triggers included), committed or not, so together they
 * move on every write from anywhere. Both are read on the connection itself, beside Kysely: a few
 * microseconds, against tens for a query through it. While a streaming read holds the connection
 * better-sqlite3 refuses other statements: null then (the caller reads the database instead).
 */
export function sqliteChangeStamp(file: BetterSqlite3.Database): ChangeStamp {
  const dataVersion = file.prepare('PRAGMA data_version').pluck();
  const ownChanges = file.prepare('SELECT total_changes()').pluck();
  return () => {
    try {
      return `${dataVersion.get() as number}.${ownChanges.get() as number}`;
    } catch {
      return null;
    }
  };
}

/** Gives the query builder of a database its stamp (see database.ts; PostgreSQL has none). */
export function setChangeStamp(db: object, stamp: ChangeStamp): void {
  stamps.set(db, stamp);
}

/**
 * The stamp of this query builder, or undefined: PostgreSQL (other nodes write without telling
 * this one, so nothing may be kept), and any builder other than the one the database was opened
 * with, such as a transaction's (whose own uncommitted writes a cache must not outlive).
 */
export function changeStampOf(db: object): ChangeStamp | undefined {
  return stamps.get(db);
}

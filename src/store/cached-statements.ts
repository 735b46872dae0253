import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * The SQLite file as Kysely sees it, with each statement prepared once. Kysely's SQLite driver
 * calls `prepare` for every query it runs, and preparing (parsing and planning the SQL) cost about
 * as much as running the small indexed reads that signed-in requests make. better-sqlite3
 * statements can be run again and again, so the same SQL text gets the same statement, unless
 * that one is still being iterated by a streaming read (then a fresh one). Bounded: the SQL texts
 * the repositories make are few, but a statement with a variable number of parameters (an IN list)
 * must not grow the cache without limit, so the least recently used goes first.
 */
export function withCachedStatements(file: BetterSqlite3.Database, maxStatements = 256): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => void file.close(),
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached !== undefined) {
        if (cached.busy) return file.prepare(sql);
        // Most recently used last, so the first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = file.prepare(sql);
      if (statements.size >= maxStatements) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
  };
}

import { PostgresAdapter, sql } from 'kysely';
import { affected, type DatabaseHandle } from './database-handle.js';

/**
 * The `sweep_runs` table: which node runs a cluster-wide maintenance sweep in a period.
 *
 * A node claims a period with one conditional UPDATE (`last_run_at` older than a period → now):
 * of several nodes ticking at once exactly one sees its update take, on SQLite and PostgreSQL
 * alike. On PostgreSQL the claim and the run also hold a session advisory lock named after the
 * sweep, so a sweep that runs longer than its period never overlaps the next claim; a node that
 * dies mid-run drops its connection and with it the lock.
 */
export class SweepRunRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: DatabaseHandle) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Runs `sweep` if this node wins the period of `periodMs` ending at `now` (and, on PostgreSQL,
   * nobody is running it); true when it ran. `sweep`'s own errors are thrown after the lock is
   * released; the period stays claimed (the next period tries again).
   */
  async runIfDue(name: string, now: number, periodMs: number, sweep: () => Promise<void>): Promise<boolean> {
    if (!this.postgres) {
      if (!(await this.claim(this.db, name, now, periodMs))) return false;
      await sweep();
      return true;
    }
    // One connection of the pool holds the lock for the whole run; the sweep's queries use others.
    return this.db.connection().execute(async (connection) => {
      const key = `orator-sweep:${name}`;
      const locked = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${key})) as locked`.execute(connection);
      if (!locked.rows[0]?.locked) return false;
      try {
        if (!(await this.claim(connection, name, now, periodMs))) return false;
        await sweep();
        return true;
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
      }
    });
  }

  /** When the sweep last ran anywhere (ms), or null if never. */
  async lastRun(name: string): Promise<number | null> {
    const row = await this.db.selectFrom('sweep_runs').select('last_run_at').where('name', '=', name).executeTakeFirst();
    return row ? Number(row.last_run_at) : null;
  }

  private async claim(db: DatabaseHandle, name: string, now: number, periodMs: number): Promise<boolean> {
    await db.insertInto('sweep_runs').values({ name, last_run_at: -Number.MAX_SAFE_INTEGER }).onConflict((oc) => oc.column('name').doNothing()).execute();
    const result = await db.updateTable('sweep_runs').set({ last_run_at: now }).where('name', '=', name).where('last_run_at', '<=', now - periodMs).executeTakeFirst();
    return affected(result) === 1;
  }
}

import { randomBytes } from 'node:crypto';
import type { AccountAuditRow } from '../store/schema.js';
import type { AuditActor, AuditEntry } from '../services/accounts/audit-entry.js';
import type { DatabaseHandle } from './database-handle.js';

export type { AuditActor, AuditEntry };


/** The `account_audit` table: one row per change to an account, never updated. */
export class AccountAuditRepository {
  constructor(private readonly db: DatabaseHandle) {}

  async record(entry: Omit<AuditEntry, 'id'>): Promise<AuditEntry> {
    const id = randomBytes(12).toString('hex');
    await this.db
      .insertInto('account_audit')
      .values({ id, uid: entry.uid, actor: entry.actor, action: entry.action, details: JSON.stringify(entry.details), at: entry.at })
      .execute();
    return { id, ...entry };
  }

  /**
   * One page of the log, newest first (by `at`, then `id`): one account's entries or every
   * account's, those strictly older than `before` (the last entry of the previous page) when
   * given. Keyset paging: a page costs the same however deep it is, and entries written while
   * someone pages never shift the pages still to come.
   */
  async page(options: { uid?: string; limit: number; before?: { at: number; id: string } }): Promise<AuditEntry[]> {
    let query = this.db.selectFrom('account_audit').selectAll();
    if (options.uid !== undefined) query = query.where('uid', '=', options.uid);
    const before = options.before;
    if (before) query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
    const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
    return rows.map(entryFromRow);
  }

  /** Oldest first; one account's entries, or every account's (the first `limit`: use page() to read them all). */
  async list(uid?: string, limit = 1000): Promise<AuditEntry[]> {
    let query = this.db.selectFrom('account_audit').selectAll();
    if (uid !== undefined) query = query.where('uid', '=', uid);
    const rows = await query.orderBy('at').orderBy('id').limit(limit).execute();
    return rows.map(entryFromRow);
  }
}

function entryFromRow(row: AccountAuditRow): AuditEntry {
  let details: Record<string, unknown> = {};
  try {
    details = JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    // A row written by hand; keep the rest readable.
  }
  return { id: row.id, uid: row.uid, actor: row.actor as AuditActor, action: row.action, details, at: Number(row.at) };
}

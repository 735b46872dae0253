import type { AccountKey } from '../services/accounts/account-key.js';
import type { DatabaseHandle } from './database-handle.js';

export type { AccountKey };


/** The `account_keys` table: every API key of every account, as SHA-256 digests. */
export class AccountKeyRepository {
  constructor(private readonly db: DatabaseHandle) {}

  async insert(key: { id: string; uid: string; keyHash: string; createdAt: number }): Promise<void> {
    await this.db
      .insertInto('account_keys')
      .values({ id: key.id, uid: key.uid, key_hash: key.keyHash, created_at: key.createdAt, expires_at: null, revoked_at: null })
      .execute();
  }

  /** Oldest first. */
  async list(uid: string): Promise<AccountKey[]> {
    const rows = await this.db.selectFrom('account_keys').selectAll().where('uid', '=', uid).orderBy('created_at').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, uid: r.uid, createdAt: Number(r.created_at), expiresAt: num(r.expires_at), revokedAt: num(r.revoked_at) }));
  }

  async count(uid: string): Promise<number> {
    const row = await this.db.selectFrom('account_keys').select((eb) => eb.fn.countAll<number>().as('n')).where('uid', '=', uid).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The key with this digest if it is neither revoked nor expired at `now`, with the stored digest. */
  async findValid(digest: string, now: number): Promise<{ uid: string; storedDigest: string } | null> {
    const row = await this.db
      .selectFrom('account_keys')
      .select(['uid', 'key_hash'])
      .where('key_hash', '=', digest)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
    return row ? { uid: row.uid, storedDigest: row.key_hash } : null;
  }

  /** Sets when a live key stops working; false when the account has no such live key. */
  async expire(uid: string, id: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('account_keys')
      .set({ expires_at: at })
      .where('uid', '=', uid)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Revokes one key (or, without an id, every key of the account); false when none was live. */
  async revoke(uid: string, id: string | null, at: number): Promise<boolean> {
    let query = this.db.updateTable('account_keys').set({ revoked_at: at }).where('uid', '=', uid).where('revoked_at', 'is', null);
    if (id !== null) query = query.where('id', '=', id);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * An account may hold several API keys (X-API-KEY): added, rotated with a grace period, revoked.
 * Each existing account's key moves here as its first key; `accounts.api_key_hash` stays as the
 * newest key's digest for older code, but `account_keys` decides.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    /** Refused from this time on (ms); set by a rotation with a grace period. */
    .addColumn('expires_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('account_keys_uid').on('account_keys').column('uid').execute();
  const accounts = await db.selectFrom('accounts').select(['uid', 'api_key_hash', 'created_at']).execute();
  for (const a of accounts) {
    await db
      .insertInto('account_keys')
      .values({ id: randomBytes(6).toString('hex'), uid: a.uid, key_hash: a.api_key_hash, created_at: a.created_at, expires_at: null, revoked_at: null })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_keys').execute();
}

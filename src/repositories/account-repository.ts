import { sql } from 'kysely';
import type { Account } from '../services/accounts/account.js';
import type { Plan } from '../services/accounts/plan.js';
import type { AccountRow, NewAccountRow, PlanRow } from '../store/schema.js';

type PlanRowColumns = Omit<PlanRow, 'name'>;
type AccountFields = Pick<AccountRow, (typeof accountColumns)[number]>;
import { planFromRow } from './plan-repository.js';
import { affected, type DatabaseHandle } from './database-handle.js';
import { PreparedQuery } from './prepared-query.js';
import { ReadUntilWrite } from './read-until-write.js';
import { unsealedCallbackUrls, type CallbackUrlSeal } from '../security/callback-url-seal.js';

/** What a request signed in with an API key works with, read in one query. */
export interface KeySignIn {
  account: Account;
  plan: Plan;
  /** `accounts.voices_version`: what caches of the account's custom voices are checked against. */
  voicesVersion: number;
  /** The key's stored digest, for the caller's constant-time check. */
  storedDigest: string;
}

/** The columns an Account is made of (accountFromRow). */
const accountColumns = [
  'uid',
  'username',
  'fullname',
  'email',
  'plan',
  'enable_api',
  'callback_url',
  'used_credits',
  'used_professional_generations',
  'created_at',
  'disabled_at',
  'period_start',
  'voices_version',
] as const;

const planColumns = [
  'plans.concurrency_limit',
  'plans.custom_voice_slot',
  'plans.professional_voice_slot',
  'plans.plan_credits',
  'plans.clone_allowed',
  'plans.prosody_meta_allowed',
  'plans.speak_rate_per_minute',
  'plans.max_concurrent_clones',
  'plans.professional_clone_generations',
  'plans.upload_slots_open',
  'plans.upload_bytes',
  'plans.upload_slots_per_hour',
  'plans.credit_period',
] as const;

/** Which hashed credential identifies the caller: the X-API-KEY or the Bearer token. */
export type CredentialColumn = 'api_key_hash' | 'api_token_hash';
/** Secrets kept encrypted so they can be shown again. */
export type EncryptedColumn = 'api_token_encrypted' | 'webhook_secret_encrypted';

/** The columns an account's owner or operator may change. */
export type AccountChanges = Partial<
  Pick<
    NewAccountRow,
    | 'plan'
    | 'callback_url'
    | 'enable_api'
    | 'api_key_hash'
    | 'api_token_hash'
    | 'api_token_encrypted'
    | 'webhook_secret_encrypted'
    | 'used_credits'
    | 'used_professional_generations'
    | 'disabled_at'
    | 'period_start'
  >
>;

/**
 * The `accounts` table: accounts, their hashed and encrypted credentials and their usage
 * counters (credits, professional trainings), debited atomically against their plan.
 */
export class AccountRepository {
  /** Every request of the current interface starts with it: prepared once (see PreparedQuery). */
  private readonly keySignIn: PreparedQuery<{ digest: string; now: number }, Record<string, unknown>>;

  /** Sign-ins by key digest, read again once anything is written (SQLite; PostgreSQL reads each time). */
  private readonly keySignIns: ReadUntilWrite<KeySignIn & { keyExpiresAt: number | null }>;

  /** Every request of the earlier interface starts with it. */
  private readonly tokenSignIn: PreparedQuery<{ digest: string }, Record<string, unknown>>;

  constructor(
    private readonly db: DatabaseHandle,
    private readonly callbackUrls: CallbackUrlSeal = unsealedCallbackUrls,
  ) {
    this.keySignIns = new ReadUntilWrite(db);
    this.tokenSignIn = new PreparedQuery(db, (param) =>
      db
        .selectFrom('accounts')
        .innerJoin('plans', 'plans.name', 'accounts.plan')
        .select(accountColumns.map((column) => `accounts.${column}` as const))
        .select(planColumns)
        .select('accounts.api_token_hash as stored_digest')
        .where('accounts.api_token_hash', '=', param('digest')),
    );
    this.keySignIn = new PreparedQuery(db, (param) =>
      db
        .selectFrom('account_keys')
        .innerJoin('accounts', 'accounts.uid', 'account_keys.uid')
        .innerJoin('plans', 'plans.name', 'accounts.plan')
        // What Account holds, not the credentials' digests and ciphertexts: fewer, shorter values to read.
        .select(accountColumns.map((column) => `accounts.${column}` as const))
        .select(planColumns)
        .select('account_keys.key_hash as stored_digest')
        .select('account_keys.expires_at as key_expires_at')
        .where('account_keys.key_hash', '=', param('digest'))
        .where('account_keys.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('account_keys.expires_at', 'is', null), eb('account_keys.expires_at', '>', param('now'))])),
    );
  }

  /**
   * The account and its plan for the Bearer token (earlier interface) with this digest, with the
   * stored digest for the caller's constant-time check: one indexed read, nothing cached.
   */
  async findByTokenWithPlan(digest: string): Promise<Omit<KeySignIn, 'voicesVersion'> | null> {
    const row = (await this.tokenSignIn.first({ digest })) as (AccountFields & PlanRowColumns & { stored_digest: string }) | undefined;
    if (!row) return null;
    return { account: this.accountFromRow(row), plan: planFromRow({ ...row, name: row.plan }), storedDigest: row.stored_digest };
  }

  /**
   * The account, its plan and its voices version for the API key with this digest, if the key is
   * neither revoked nor expired at `now`: one indexed read, kept on SQLite only until anything is
   * written to the database (ReadUntilWrite), so a key revoked or an account disabled through any
   * process is refused on the very next request.
   */
  async findByValidKey(digest: string, now: number): Promise<KeySignIn | null> {
    const found = await this.keySignIns.get(
      digest,
      async () => {
        const row = (await this.keySignIn.first({ digest, now })) as (AccountFields & PlanRowColumns & { stored_digest: string; key_expires_at: number | null }) | undefined;
        if (!row) return undefined;
        // Frozen: one sign-in may be handed to many requests.
        return Object.freeze({
          account: Object.freeze(this.accountFromRow(row)),
          plan: Object.freeze(planFromRow({ ...row, name: row.plan })),
          voicesVersion: Number(row.voices_version),
          storedDigest: row.stored_digest,
          keyExpiresAt: row.key_expires_at === null ? null : Number(row.key_expires_at),
        });
      },
      // A key kept from before its expiry is refused from then on, like the query would.
      (kept) => kept.keyExpiresAt === null || kept.keyExpiresAt > now,
    );
    return found ?? null;
  }

  /**
   * What findByValidKey would answer, when it can be told without a read: the same frozen object
   * while it is kept (nothing written since it was read, the key not expired at `now`), else
   * undefined (call findByValidKey). Synchronous: most signed-in requests end here.
   */
  keptByValidKey(digest: string, now: number): KeySignIn | undefined {
    return this.keySignIns.peek(digest, (kept) => kept.keyExpiresAt === null || kept.keyExpiresAt > now);
  }

  /** The handle this repository works through (for the repositories that go with it). */
  get handle(): DatabaseHandle {
    return this.db;
  }

  async insert(row: NewAccountRow): Promise<void> {
    await this.db.insertInto('accounts').values(row).execute();
  }

  async get(uid: string): Promise<Account | null> {
    const row = await this.db.selectFrom('accounts').selectAll().where('uid', '=', uid).executeTakeFirst();
    return row ? this.accountFromRow(row) : null;
  }

  /** The account and its plan in one read. */
  async getWithPlan(uid: string): Promise<{ account: Account; plan: Plan } | null> {
    const row = await this.db
      .selectFrom('accounts')
      .innerJoin('plans', 'plans.name', 'accounts.plan')
      .selectAll('accounts')
      .select(planColumns)
      .where('accounts.uid', '=', uid)
      .executeTakeFirst();
    if (!row) return null;
    return { account: this.accountFromRow(row), plan: planFromRow({ ...row, name: row.plan }) };
  }

  /** Oldest first. */
  async list(): Promise<Account[]> {
    const rows = await this.db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('uid').execute();
    return rows.map((row) => this.accountFromRow(row));
  }

  /** The account whose credential has this digest, with the stored digest for the caller's constant-time check. */
  async findByCredential(column: CredentialColumn, digest: string): Promise<{ account: Account; storedDigest: string } | null> {
    const row = await this.db.selectFrom('accounts').selectAll().where(column, '=', digest).executeTakeFirst();
    return row ? { account: this.accountFromRow(row), storedDigest: row[column] } : null;
  }

  /** An encrypted secret of the account, or null when there is no such account. */
  async getEncrypted(uid: string, column: EncryptedColumn): Promise<string | null> {
    const row = await this.db.selectFrom('accounts').select(column).where('uid', '=', uid).executeTakeFirst();
    return row ? (row as Record<EncryptedColumn, string>)[column] : null;
  }

  private accountFromRow(row: AccountFields): Account {
    const account = accountFromRow(row);
    return account.callbackUrl === null ? account : { ...account, callbackUrl: this.callbackUrls.open(account.callbackUrl, account.uid) };
  }

  async planExists(name: string): Promise<boolean> {
    const row = await this.db.selectFrom('plans').select('name').where('name', '=', name).executeTakeFirst();
    return row !== undefined;
  }

  /** False when there is no such account. */
  async update(uid: string, changes: AccountChanges): Promise<boolean> {
    const sealed = changes.callback_url ? { ...changes, callback_url: this.callbackUrls.seal(changes.callback_url, uid) } : changes;
    const result = await this.db.updateTable('accounts').set(sealed).where('uid', '=', uid).executeTakeFirst();
    return affected(result) > 0;
  }

  /**
   * Takes `n` characters of credit, or nothing: one UPDATE whose condition is the plan's
   * allowance, so concurrent debits (from any number of processes) never push usage past it.
   * False when it would, or when there is no such account.
   */
  async debitCredits(uid: string, n: number, periodStart?: number): Promise<boolean> {
    let query = this.db
      .updateTable('accounts')
      .set((eb) => ({ used_credits: eb('used_credits', '+', n) }))
      .where('uid', '=', uid);
    // Only into the period the caller saw: a renewal that slipped in between makes this miss, and the caller retries.
    if (periodStart !== undefined) query = query.where(periodStartColumn, '=', periodStart);
    const result = await query
      .where(({ eb, selectFrom }) =>
        eb(eb('used_credits', '+', n), '<=', selectFrom('plans').select('plans.plan_credits').whereRef('plans.name', '=', 'accounts.plan')),
      )
      .executeTakeFirst();
    return affected(result) === 1;
  }

  /** Gives back `n` credits; usage never goes below zero. False when there is no such account. */
  async refundCredits(uid: string, n: number): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set({ used_credits: sql<number>`case when used_credits >= ${n} then used_credits - ${n} else 0 end` })
      .where('uid', '=', uid)
      .executeTakeFirst();
    return affected(result) > 0;
  }

  /** Counts one professional training against the plan; false when none is left (or no such account). */
  async useProfessionalGeneration(uid: string, periodStart?: number): Promise<boolean> {
    let query = this.db
      .updateTable('accounts')
      .set((eb) => ({ used_professional_generations: eb('used_professional_generations', '+', 1) }))
      .where('uid', '=', uid);
    if (periodStart !== undefined) query = query.where(periodStartColumn, '=', periodStart);
    const result = await query
      .where(({ eb, selectFrom }) =>
        eb(
          eb('used_professional_generations', '+', 1),
          '<=',
          selectFrom('plans').select('plans.professional_clone_generations').whereRef('plans.name', '=', 'accounts.plan'),
        ),
      )
      .executeTakeFirst();
    return affected(result) === 1;
  }

  /**
   * Starts the period beginning at `start` for the account whose counters belong to the period
   * beginning at `from`: counters to zero, in one compare-and-set, so of several processes
   * renewing at once exactly one does (true), and none renews twice. The counters as they were
   * come back for the audit log.
   */
  async renew(uid: string, from: number, start: number): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set({ used_credits: 0, used_professional_generations: 0, period_start: start })
      .where('uid', '=', uid)
      .where(periodStartColumn, '=', from)
      .executeTakeFirst();
    return affected(result) === 1;
  }

  async refundProfessionalGeneration(uid: string): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set({ used_professional_generations: sql<number>`case when used_professional_generations > 0 then used_professional_generations - 1 else 0 end` })
      .where('uid', '=', uid)
      .executeTakeFirst();
    return affected(result) > 0;
  }
}

/** Rows written before period_start existed count from their creation. */
const periodStartColumn = sql<number>`coalesce(period_start, created_at)`;

/** The repository itself, or one over a database handle given by callers written before repositories. */
export function accountRepository(source: AccountRepository | DatabaseHandle, callbackUrls?: CallbackUrlSeal): AccountRepository {
  return source instanceof AccountRepository ? source : new AccountRepository(source, callbackUrls);
}

export function accountFromRow(row: AccountFields): Account {
  return {
    uid: row.uid,
    username: row.username,
    fullname: row.fullname,
    email: row.email,
    plan: row.plan,
    enableApi: row.enable_api === 1,
    callbackUrl: row.callback_url,
    usedCredits: row.used_credits,
    usedProfessionalGenerations: row.used_professional_generations,
    createdAt: row.created_at,
    disabledAt: row.disabled_at === null || row.disabled_at === undefined ? null : Number(row.disabled_at),
    periodStart: row.period_start === null || row.period_start === undefined ? Number(row.created_at) : Number(row.period_start),
  };
}

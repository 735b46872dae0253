import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type UpdateObject } from 'kysely';
import { systemClock, type Clock } from '../../clock.js';
import { decrypt, encrypt, type EncryptionKeys } from '../../security/encryption.js';
import { hashSecret, newSecret, safeEqual } from '../../security/secrets.js';
import type { Database } from '../../store/schema.js';
import { accountFromRow, type Account } from './account.js';
import { accountNotFound, invalidValue, planNotFound } from './errors.js';
import { planFromRow, type Plan } from './plan.js';

export interface NewAccount {
  /** Default `free`. */
  plan?: string;
  email?: string | null;
  /** Full name. */
  name?: string;
  /** Default: the part of the e-mail before `@`, else `user-<first 8 of uid>`. */
  username?: string;
  /** Default true. */
  enableApi?: boolean;
}

/** What creation returns: the only time the API key is ever seen in clear. */
export interface CreatedAccount {
  account: Account;
  /** X-API-KEY of the current interface; stored only as a hash. */
  apiKey: string;
  /** Bearer token of the earlier interface; stored hashed and encrypted (GET /api/me shows it). */
  apiToken: string;
}

export interface AccountServiceOptions {
  /** AES-256 key for recoverable secrets: ServerKeys.encryption. */
  encryptionKey: EncryptionKeys;
  clock?: Clock;
}

type CredentialColumn = 'api_key_hash' | 'api_token_hash';

/**
 * Accounts, their credentials and their usage counters.
 *
 * Keys and tokens are 32 random bytes (base64url, no prefix). Lookups go by their SHA-256
 * (see security/secrets.ts for why a fast hash is right), then compare in constant time.
 */
export class AccountService {
  private readonly key: EncryptionKeys;
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    options: AccountServiceOptions,
  ) {
    this.key = options.encryptionKey;
    this.clock = options.clock ?? systemClock;
  }

  async createAccount(input: NewAccount = {}): Promise<CreatedAccount> {
    const plan = input.plan ?? 'free';
    await this.requirePlan(plan);
    const uid = randomBytes(12).toString('hex');
    const apiKey = newSecret(32);
    const apiToken = newSecret(32);
    const email = input.email ?? null;
    const username = input.username ?? (email?.split('@')[0] || `user-${uid.slice(0, 8)}`);
    await this.db
      .insertInto('accounts')
      .values({
        uid,
        username,
        fullname: input.name ?? '',
        email,
        plan,
        enable_api: input.enableApi === false ? 0 : 1,
        api_key_hash: hashSecret(apiKey),
        api_token_hash: hashSecret(apiToken),
        api_token_encrypted: encrypt(this.key, apiToken, tokenContext(uid)),
        webhook_secret_encrypted: encrypt(this.key, newWebhookSecret(), webhookContext(uid)),
        callback_url: null,
        created_at: this.clock.now(),
      })
      .execute();
    return { account: await this.require(uid), apiKey, apiToken };
  }

  async get(uid: string): Promise<Account | null> {
    const row = await this.db.selectFrom('accounts').selectAll().where('uid', '=', uid).executeTakeFirst();
    return row ? accountFromRow(row) : null;
  }

  async require(uid: string): Promise<Account> {
    const account = await this.get(uid);
    if (!account) throw accountNotFound(uid);
    return account;
  }

  /** The account and its plan in one read (GET /v1/users/me/subscription). */
  async getWithPlan(uid: string): Promise<{ account: Account; plan: Plan } | null> {
    const row = await this.db
      .selectFrom('accounts')
      .innerJoin('plans', 'plans.name', 'accounts.plan')
      .selectAll('accounts')
      .select([
        'plans.concurrency_limit',
        'plans.custom_voice_slot',
        'plans.professional_voice_slot',
        'plans.plan_credits',
        'plans.clone_allowed',
        'plans.prosody_meta_allowed',
        'plans.speak_rate_per_minute',
        'plans.max_concurrent_clones',
        'plans.professional_clone_generations',
      ])
      .where('accounts.uid', '=', uid)
      .executeTakeFirst();
    if (!row) return null;
    return { account: accountFromRow(row), plan: planFromRow({ ...row, name: row.plan }) };
  }

  /** Oldest first. */
  async list(): Promise<Account[]> {
    const rows = await this.db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('uid').execute();
    return rows.map(accountFromRow);
  }

  /** The account whose X-API-KEY this is, or null. */
  findByApiKey(apiKey: string): Promise<Account | null> {
    return this.findByCredential('api_key_hash', apiKey);
  }

  /** The account whose Bearer token this is, or null. Callers still check `enableApi`. */
  findByApiToken(apiToken: string): Promise<Account | null> {
    return this.findByCredential('api_token_hash', apiToken);
  }

  async setPlan(uid: string, plan: string): Promise<Account> {
    await this.requirePlan(plan);
    return this.update(uid, { plan });
  }

  /** Validates the form only; where the URL may point is checked at delivery. */
  async setCallbackUrl(uid: string, callbackUrl: string | null): Promise<Account> {
    if (callbackUrl !== null) checkCallbackUrl(callbackUrl);
    return this.update(uid, { callback_url: callbackUrl });
  }

  async setEnableApi(uid: string, enabled: boolean): Promise<Account> {
    return this.update(uid, { enable_api: enabled ? 1 : 0 });
  }

  /** The Bearer token in clear, for GET /api/me. */
  async getApiToken(uid: string): Promise<string> {
    const row = await this.db.selectFrom('accounts').select('api_token_encrypted').where('uid', '=', uid).executeTakeFirst();
    if (!row) throw accountNotFound(uid);
    return decrypt(this.key, row.api_token_encrypted, tokenContext(uid));
  }

  /** Replaces the API key; the old one stops working at once. */
  async rotateApiKey(uid: string): Promise<string> {
    const apiKey = newSecret(32);
    await this.update(uid, { api_key_hash: hashSecret(apiKey) });
    return apiKey;
  }

  /** Replaces the Bearer token; the old one stops working at once. */
  async rotateApiToken(uid: string): Promise<string> {
    const apiToken = newSecret(32);
    await this.update(uid, {
      api_token_hash: hashSecret(apiToken),
      api_token_encrypted: encrypt(this.key, apiToken, tokenContext(uid)),
    });
    return apiToken;
  }

  /** The `whsec_…` secret that signs this account's webhooks. */
  async getWebhookSecret(uid: string): Promise<string> {
    const row = await this.db.selectFrom('accounts').select('webhook_secret_encrypted').where('uid', '=', uid).executeTakeFirst();
    if (!row) throw accountNotFound(uid);
    return decrypt(this.key, row.webhook_secret_encrypted, webhookContext(uid));
  }

  async rotateWebhookSecret(uid: string): Promise<string> {
    const secret = newWebhookSecret();
    await this.update(uid, { webhook_secret_encrypted: encrypt(this.key, secret, webhookContext(uid)) });
    return secret;
  }

  /**
   * Takes `n` characters of credit, or nothing: one UPDATE whose condition is the plan's
   * allowance, so concurrent debits can never push usage past it. False when it would.
   */
  async debitCredits(uid: string, n: number): Promise<boolean> {
    checkAmount(n);
    const result = await this.db
      .updateTable('accounts')
      .set((eb) => ({ used_credits: eb('used_credits', '+', n) }))
      .where('uid', '=', uid)
      .where(({ eb, selectFrom }) =>
        eb(eb('used_credits', '+', n), '<=', selectFrom('plans').select('plans.plan_credits').whereRef('plans.name', '=', 'accounts.plan')),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return true;
    await this.require(uid);
    return false;
  }

  /** Gives back credits of a synthesis that failed; usage never goes below zero. */
  async refundCredits(uid: string, n: number): Promise<void> {
    checkAmount(n);
    await this.update(uid, {
      used_credits: sql<number>`case when used_credits >= ${n} then used_credits - ${n} else 0 end`,
    });
  }

  /** Counts one professional clone training against the plan, or returns false. */
  async useProfessionalGeneration(uid: string): Promise<boolean> {
    const result = await this.db
      .updateTable('accounts')
      .set((eb) => ({ used_professional_generations: eb('used_professional_generations', '+', 1) }))
      .where('uid', '=', uid)
      .where(({ eb, selectFrom }) =>
        eb(
          eb('used_professional_generations', '+', 1),
          '<=',
          selectFrom('plans').select('plans.professional_clone_generations').whereRef('plans.name', '=', 'accounts.plan'),
        ),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return true;
    await this.require(uid);
    return false;
  }

  async refundProfessionalGeneration(uid: string): Promise<void> {
    await this.update(uid, {
      used_professional_generations: sql<number>`case when used_professional_generations > 0 then used_professional_generations - 1 else 0 end`,
    });
  }

  /** Starts a new period: usage back to zero. */
  async resetUsage(uid: string): Promise<Account> {
    return this.update(uid, { used_credits: 0, used_professional_generations: 0 });
  }

  private async findByCredential(column: CredentialColumn, secret: string): Promise<Account | null> {
    if (typeof secret !== 'string' || secret.length === 0 || secret.length > 512) return null;
    const digest = hashSecret(secret);
    const row = await this.db.selectFrom('accounts').selectAll().where(column, '=', digest).executeTakeFirst();
    // The index lookup finds the row; the constant-time check is what decides.
    if (!row || !safeEqual(row[column], digest)) return null;
    return accountFromRow(row);
  }

  private async update(uid: string, changes: UpdateObject<Database, 'accounts'>): Promise<Account> {
    const result = await this.db.updateTable('accounts').set(changes).where('uid', '=', uid).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw accountNotFound(uid);
    return this.require(uid);
  }

  private async requirePlan(name: string): Promise<void> {
    const row = await this.db.selectFrom('plans').select('name').where('name', '=', name).executeTakeFirst();
    if (!row) throw planNotFound(name);
  }
}

/** Standard Webhooks form: `whsec_` and the base64 of 32 random bytes. */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

// Bound into each ciphertext so a value copied to another account or column fails to decrypt.
const tokenContext = (uid: string) => `api_token:${uid}`;
const webhookContext = (uid: string) => `webhook_secret:${uid}`;

function checkAmount(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1) throw invalidValue('a credit amount must be a whole number ≥ 1');
}

function checkCallbackUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidValue('callback_url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidValue('callback_url must be http or https');
  if (value.length > 2048) throw invalidValue('callback_url is longer than 2048 characters');
}

import { randomBytes } from 'node:crypto';
import { AccountAuditRepository, AccountKeyRepository, type KeySignIn, accountRepository, type AccountChanges, type AccountRepository, type CredentialColumn, type DatabaseHandle } from '../../repositories/index.js';
import { systemClock, type Clock } from '../../clock.js';
import { decrypt, encrypt, type EncryptionKeys } from '../../security/encryption.js';
import { callbackUrlSeal } from '../../security/callback-url-seal.js';
import { hashSecret, newSecret, safeEqual } from '../../security/secrets.js';
import type { Account } from './account.js';
import type { AccountKey } from './account-key.js';
import type { AuditActor, AuditEntry } from './audit-entry.js';
import { decodeAuditCursor, defaultAuditPageSize, encodeAuditCursor, maxAuditPageSize } from './audit-cursor.js';
import { accountNotFound, invalidValue, keyNotFound, ownerChangesLimited, planNotFound } from './errors.js';
import type { RateLimiter } from '../../limits/limiter.js';
import type { Plan } from './plan.js';
import { PeriodMemo, type CurrentPeriod } from './period-memo.js';
import { callbackUrlRefusal } from '../webhooks/callback-address.js';
export type { CurrentPeriod } from './period-memo.js';

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
  /** Who makes it, for the audit log; default `cli`. */
  by?: AuditActor;
}

/** One account as an operator sees it: the account, its plan and what is left of the period. */
export interface AccountOverview {
  account: Account;
  plan: Plan;
  usage: {
    usedCredits: number;
    planCredits: number;
    remainingCredits: number;
    usedProfessionalGenerations: number;
    professionalGenerations: number;
  };
  period: CurrentPeriod;
}

/** Who a request is, as read when it signed in. */
export interface SignedIn {
  account: Account;
  plan: Plan;
  /**
   * The account's custom voices version (bumped by the database on every change to them), which
   * caches of its voices are checked against; null when unknown (nothing may then be cached).
   */
  voicesVersion: number | null;
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
  /** Where changes are written; default: the `account_audit` table of the accounts' database. */
  audit?: AccountAuditRepository;
  /** The accounts' API keys; default: the `account_keys` table of the accounts' database. */
  keys?: AccountKeyRepository;
  /** ALLOW_PRIVATE_CALLBACKS: callback URLs may name loopback and private addresses (default false). */
  allowPrivateCallbacks?: boolean;
  /**
   * The allowance of an owner's changes to its own account (each one an audit row), counted per
   * account on this limiter. Unset: unlimited (tests and tools that make no such changes).
   */
  ownerChanges?: { rate: RateLimiter; perHour: number };
}

/** One page of the audit log, newest first, and the cursor of the next page (null on the last). */
export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/**
 * Accounts, their credentials and their usage counters.
 *
 * Keys and tokens are 32 random bytes (base64url, no prefix). Lookups go by their SHA-256
 * (see security/secrets.ts for why a fast hash is right), then compare in constant time.
 */
export class AccountService {
  private readonly key: EncryptionKeys;
  private readonly clock: Clock;
  private readonly accounts: AccountRepository;
  private readonly audit: AccountAuditRepository;
  private readonly keys: AccountKeyRepository;
  private readonly ownerChanges: AccountServiceOptions['ownerChanges'];
  private readonly allowPrivateCallbacks: boolean;
  private lastAuditAt = 0;
  private readonly periods = new PeriodMemo();
  /** Sign-ins the repository keeps, as checked (digest, period): what keptSignInWithApiKey hands out. */
  private readonly checkedSignIns = new WeakMap<KeySignIn, { signedIn: SignedIn; period: CurrentPeriod }>();

  constructor(
    /** The accounts repository (a database handle is still accepted and wrapped in one). */
    repository: AccountRepository | DatabaseHandle,
    options: AccountServiceOptions,
  ) {
    this.key = options.encryptionKey;
    this.accounts = accountRepository(repository, callbackUrlSeal(this.key));
    this.clock = options.clock ?? systemClock;
    this.audit = options.audit ?? new AccountAuditRepository(this.accounts.handle);
    this.keys = options.keys ?? new AccountKeyRepository(this.accounts.handle);
    this.ownerChanges = options.ownerChanges;
    this.allowPrivateCallbacks = options.allowPrivateCallbacks ?? false;
  }

  async createAccount(input: NewAccount = {}): Promise<CreatedAccount> {
    const plan = input.plan ?? 'free';
    await this.requirePlan(plan);
    const uid = randomBytes(12).toString('hex');
    const apiKey = newSecret(32);
    const apiToken = newSecret(32);
    const email = input.email ?? null;
    const username = input.username ?? (email?.split('@')[0] || `user-${uid.slice(0, 8)}`);
    await this.accounts.insert({
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
      period_start: this.clock.now(),
    });
    await this.keys.insert({ id: newKeyId(), uid, keyHash: hashSecret(apiKey), createdAt: this.clock.now() });
    await this.record(uid, input.by ?? 'cli', 'create', { plan, email });
    return { account: await this.require(uid), apiKey, apiToken };
  }

  get(uid: string): Promise<Account | null> {
    return this.accounts.get(uid);
  }

  async require(uid: string): Promise<Account> {
    const account = await this.get(uid);
    if (!account) throw accountNotFound(uid);
    return account;
  }

  /**
   * The account and its plan in one read (GET /v1/users/me/subscription), its usage counters
   * those of the period the service's clock is in (a due renewal is applied first).
   */
  async getWithPlan(uid: string): Promise<{ account: Account; plan: Plan } | null> {
    return (await this.current(uid))?.found ?? null;
  }

  /** The billing period the account is in now, on the service's clock (or at `now`, when a caller already read the clock). */
  periodOf(account: Account, plan: Plan, now = this.clock.now()): CurrentPeriod {
    return this.periods.at(account.createdAt, plan.creditPeriod, now);
  }

  /** Whole seconds (at least 1) until the account's credits renew, on the service's clock: when a refusal for lack of credit stops applying. */
  secondsUntilRenewal(account: Account, plan: Plan): number {
    return Math.max(1, Math.ceil((this.periodOf(account, plan).nextRenewalAt - this.clock.now()) / 1000));
  }

  /**
   * Reads the account and its plan and, when the clock has passed into a later billing period
   * than its counters belong to, starts that period (counters to zero). Several processes may
   * do this at once: the repository's compare-and-set lets exactly one renew and write the
   * audit row; the others see the renewed account.
   */
  private async current(uid: string): Promise<{ found: { account: Account; plan: Plan }; period: CurrentPeriod } | null> {
    for (;;) {
      const found = await this.accounts.getWithPlan(uid);
      if (!found) return null;
      const period = this.periodOf(found.account, found.plan);
      if (found.account.periodStart >= period.start) return { found, period };
      const from = found.account.periodStart;
      if (await this.accounts.renew(uid, from, period.start)) {
        await this.record(uid, 'system', 'renew', {
          period_start: new Date(period.start).toISOString(),
          used_credits: found.account.usedCredits,
          used_professional_generations: found.account.usedProfessionalGenerations,
        });
      }
      // Renewed here or by another process: read again.
    }
  }

  /** Oldest first. */
  list(): Promise<Account[]> {
    return this.accounts.list();
  }

  /** The account whose X-API-KEY this is, or null. */
  async findByApiKey(apiKey: string): Promise<Account | null> {
    return (await this.signInWithApiKey(apiKey))?.account ?? null;
  }

  /**
   * The account whose X-API-KEY this is, with its plan and its custom voices' version, read
   * fresh from the database on every call (one query): a revoked or expired key, a disabled
   * account or a changed plan is never answered from memory, on any node. Null for no such key.
   * (On SQLite the read is kept until the next write, which is as fresh: see ReadUntilWrite.)
   */
  async signInWithApiKey(apiKey: string): Promise<SignedIn | null> {
    if (!isCredentialShaped(apiKey)) return null;
    const digest = hashSecret(apiKey);
    const now = this.clock.now();
    const found = await this.accounts.findByValidKey(digest, now);
    if (found && safeEqual(found.storedDigest, digest)) return this.renewedSignIn(found, now);
    // An account written without key rows (straight into the table) still has its one key.
    const legacy = await this.findByCredential('api_key_hash', apiKey);
    if (legacy && (await this.keys.count(legacy.uid)) === 0) {
      const withPlan = await this.current(legacy.uid);
      return withPlan ? { ...withPlan.found, voicesVersion: null } : null;
    }
    return null;
  }

  /**
   * signInWithApiKey's answer when it needs neither a read nor a check: the same SignedIn object
   * signInWithApiKey last gave for this key, while the repository still keeps what it was made
   * from (nothing written since, key unexpired) and the clock is still in the billing period it was
   * checked in. Undefined otherwise: then call signInWithApiKey. Synchronous, so a signed-in request
   * that ends here waits for no promise (most of them: bench/light-routes.ts).
   */
  keptSignInWithApiKey(apiKey: string): SignedIn | undefined {
    if (!isCredentialShaped(apiKey)) return undefined;
    const now = this.clock.now();
    const found = this.accounts.keptByValidKey(hashSecret(apiKey), now);
    if (found === undefined) return undefined;
    // Checked when it was made: found is kept under the digest it was compared with, so its
    // stored digest is this key's; and the account's period then began no earlier than the clock's.
    const checked = this.checkedSignIns.get(found);
    return checked !== undefined && checked.period.start <= now && now < checked.period.nextRenewalAt ? checked.signedIn : undefined;
  }

  /**
   * The sign-in as read, or, when the clock has passed into a new billing period, as renewed
   * (rare: once a period). One SignedIn object per object the repository keeps, so what callers
   * make of a sign-in (a serialized body) can be kept by it.
   */
  private async renewedSignIn(found: KeySignIn, now: number): Promise<SignedIn | null> {
    const period = this.periodOf(found.account, found.plan, now);
    if (found.account.periodStart >= period.start) {
      const signedIn = this.checkedSignIns.get(found)?.signedIn ?? Object.freeze({ account: found.account, plan: found.plan, voicesVersion: found.voicesVersion });
      this.checkedSignIns.set(found, { signedIn, period });
      return signedIn;
    }
    const current = await this.current(found.account.uid);
    return current ? { ...current.found, voicesVersion: found.voicesVersion } : null;
  }

  /** The account's API keys, oldest first (digests never leave the repository). */
  async listKeys(uid: string): Promise<AccountKey[]> {
    await this.require(uid);
    return this.keys.list(uid);
  }

  /** A further API key; the others keep working. Shown only now. */
  async addKey(uid: string, by: AuditActor = 'cli'): Promise<{ id: string; apiKey: string }> {
    await this.require(uid);
    const added = await this.insertKey(uid);
    await this.record(uid, by, 'add-key', { key_id: added.id });
    return added;
  }

  /**
   * A new key replacing `keyId`: the old one keeps working for `graceSeconds` (measured on the
   * service's clock), then is refused. 0 refuses it at once.
   */
  async rotateKey(uid: string, keyId: string, graceSeconds: number, by: AuditActor = 'cli'): Promise<{ id: string; apiKey: string; oldKeyExpiresAt: number }> {
    if (!Number.isSafeInteger(graceSeconds) || graceSeconds < 0) throw invalidValue('the grace period must be a whole number of seconds ≥ 0');
    await this.require(uid);
    const expiresAt = this.clock.now() + graceSeconds * 1000;
    if (!(await this.keys.expire(uid, keyId, expiresAt))) throw keyNotFound(uid, keyId);
    const added = await this.insertKey(uid);
    await this.record(uid, by, 'rotate-key', { key_id: keyId, new_key_id: added.id, grace_seconds: graceSeconds });
    return { ...added, oldKeyExpiresAt: expiresAt };
  }

  /** Refuses one key at once. */
  async revokeKey(uid: string, keyId: string, by: AuditActor = 'cli'): Promise<void> {
    await this.require(uid);
    if (!(await this.keys.revoke(uid, keyId, this.clock.now()))) throw keyNotFound(uid, keyId);
    await this.record(uid, by, 'revoke-key', { key_id: keyId });
  }

  private async insertKey(uid: string): Promise<{ id: string; apiKey: string }> {
    const apiKey = newSecret(32);
    const id = newKeyId();
    await this.keys.insert({ id, uid, keyHash: hashSecret(apiKey), createdAt: this.clock.now() });
    await this.accounts.update(uid, { api_key_hash: hashSecret(apiKey) });
    return { id, apiKey };
  }

  /**
   * The account whose Bearer token this is, with its plan, read fresh in one query (like
   * signInWithApiKey), or null. Callers still check `enableApi` and `disabledAt`.
   */
  async signInWithApiToken(apiToken: string): Promise<{ account: Account; plan: Plan } | null> {
    if (!isCredentialShaped(apiToken)) return null;
    const digest = hashSecret(apiToken);
    const found = await this.accounts.findByTokenWithPlan(digest);
    if (!found || !safeEqual(found.storedDigest, digest)) return null;
    return { account: found.account, plan: found.plan };
  }

  /** The account whose Bearer token this is, or null. Callers still check `enableApi`. */
  findByApiToken(apiToken: string): Promise<Account | null> {
    return this.findByCredential('api_token_hash', apiToken);
  }

  async setPlan(uid: string, plan: string, by: AuditActor = 'cli'): Promise<Account> {
    await this.requirePlan(plan);
    const before = await this.require(uid);
    const account = await this.update(uid, { plan });
    await this.record(uid, by, 'set-plan', { from: before.plan, to: plan });
    return account;
  }

  /** The account, its plan and its usage this period. */
  async overview(uid: string): Promise<AccountOverview> {
    const current = await this.current(uid);
    if (!current) throw accountNotFound(uid);
    const { account, plan } = current.found;
    return {
      period: current.period,
      account,
      plan,
      usage: {
        usedCredits: account.usedCredits,
        planCredits: plan.planCredits,
        remainingCredits: Math.max(0, plan.planCredits - account.usedCredits),
        usedProfessionalGenerations: account.usedProfessionalGenerations,
        professionalGenerations: plan.professionalCloneGenerations,
      },
    };
  }

  /**
   * Disables the account: its key and token are refused on every interface until it is enabled
   * again. Nothing is deleted. Disabling a disabled account keeps its first date.
   */
  async disable(uid: string, by: AuditActor = 'cli'): Promise<Account> {
    const before = await this.require(uid);
    if (before.disabledAt !== null) return before;
    const account = await this.update(uid, { disabled_at: this.clock.now() });
    await this.record(uid, by, 'disable', {});
    return account;
  }

  async enable(uid: string, by: AuditActor = 'cli'): Promise<Account> {
    const before = await this.require(uid);
    if (before.disabledAt === null) return before;
    const account = await this.update(uid, { disabled_at: null });
    await this.record(uid, by, 'enable', { disabled_since: before.disabledAt });
    return account;
  }

  /** The audit log, oldest first: one account's, or every account's (the first 1,000 entries: auditPage reads them all). */
  auditLog(uid?: string): Promise<AuditEntry[]> {
    return this.audit.list(uid);
  }

  /**
   * One page of the audit log, newest first: one account's entries or every account's, `limit`
   * of them (default 100, at most 1,000), after the page whose `nextCursor` is `cursor`. However
   * many entries are written meanwhile, the newest is on the first page, and walking the cursors
   * visits every entry that existed when the walk began exactly once.
   */
  async auditPage(query: { uid?: string; limit?: number; cursor?: string } = {}): Promise<AuditPage> {
    const limit = query.limit ?? defaultAuditPageSize;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxAuditPageSize) throw invalidValue(`limit must be a whole number from 1 to ${maxAuditPageSize}`);
    const before = query.cursor === undefined ? undefined : decodeAuditCursor(query.cursor);
    const rows = await this.audit.page({ uid: query.uid, limit: limit + 1, before });
    const entries = rows.slice(0, limit);
    const last = entries.at(-1);
    return { entries, nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null };
  }

  /**
   * Refuses every form delivery would refuse (callbackUrlRefusal decides both); the addresses a
   * name resolves to are checked at each delivery. An owner's change, so within the allowance of
   * OWNER_CHANGES_PER_HOUR (`rate_limited` past it): the audit log is for finding what happened,
   * and must not be floodable by the accounts it watches.
   */
  async setCallbackUrl(uid: string, callbackUrl: string | null): Promise<Account> {
    if (callbackUrl !== null) checkCallbackUrl(callbackUrl, this.allowPrivateCallbacks);
    await this.countOwnerChange(uid);
    const account = await this.update(uid, { callback_url: callbackUrl });
    // The URL itself may carry a secret in its query: the log says only whether one is set.
    await this.record(uid, 'owner', 'set-callback-url', { set: callbackUrl !== null });
    return account;
  }

  async setEnableApi(uid: string, enabled: boolean, by: AuditActor = 'cli'): Promise<Account> {
    const account = await this.update(uid, { enable_api: enabled ? 1 : 0 });
    await this.record(uid, by, 'set-enable-api', { enable_api: enabled });
    return account;
  }

  /** The Bearer token in clear, for GET /api/me. */
  async getApiToken(uid: string): Promise<string> {
    const encrypted = await this.accounts.getEncrypted(uid, 'api_token_encrypted');
    if (encrypted === null) throw accountNotFound(uid);
    return decrypt(this.key, encrypted, tokenContext(uid));
  }

  /** Replaces the API key; the old one stops working at once. */
  async rotateApiKey(uid: string, by: AuditActor = 'cli'): Promise<string> {
    await this.require(uid);
    await this.keys.revoke(uid, null, this.clock.now());
    const { id, apiKey } = await this.insertKey(uid);
    await this.record(uid, by, 'rotate-api-key', { new_key_id: id });
    return apiKey;
  }

  /** Replaces the Bearer token; the old one stops working at once. */
  async rotateApiToken(uid: string, by: AuditActor = 'cli'): Promise<string> {
    const apiToken = newSecret(32);
    await this.update(uid, {
      api_token_hash: hashSecret(apiToken),
      api_token_encrypted: encrypt(this.key, apiToken, tokenContext(uid)),
    });
    await this.record(uid, by, 'rotate-api-token', {});
    return apiToken;
  }

  /** The `whsec_…` secret that signs this account's webhooks. */
  async getWebhookSecret(uid: string): Promise<string> {
    const encrypted = await this.accounts.getEncrypted(uid, 'webhook_secret_encrypted');
    if (encrypted === null) throw accountNotFound(uid);
    return decrypt(this.key, encrypted, webhookContext(uid));
  }

  async rotateWebhookSecret(uid: string, by: AuditActor = 'cli'): Promise<string> {
    const secret = newWebhookSecret();
    await this.update(uid, { webhook_secret_encrypted: encrypt(this.key, secret, webhookContext(uid)) });
    await this.record(uid, by, 'rotate-webhook-secret', {});
    return secret;
  }

  /**
   * Rewrites every secret an account keeps encrypted (Bearer token, webhook secret, callback URL)
   * under the newest key, so the keys rotated out (ORATOR_PREVIOUS_SECRET_KEYS) can be dropped.
   * Idempotent; each account is rewritten on its own, so a run cut short is simply run again.
   */
  async reencryptSecrets(by: AuditActor = 'cli'): Promise<{ accounts: number }> {
    let count = 0;
    for (const account of await this.accounts.list()) {
      const { uid } = account;
      const token = await this.accounts.getEncrypted(uid, 'api_token_encrypted');
      const webhook = await this.accounts.getEncrypted(uid, 'webhook_secret_encrypted');
      const changes: AccountChanges = {};
      if (token !== null) changes.api_token_encrypted = encrypt(this.key, decrypt(this.key, token, tokenContext(uid)), tokenContext(uid));
      if (webhook !== null) changes.webhook_secret_encrypted = encrypt(this.key, decrypt(this.key, webhook, webhookContext(uid)), webhookContext(uid));
      // Read opened with any key of the ring; written sealed with the newest.
      if (account.callbackUrl !== null) changes.callback_url = account.callbackUrl;
      await this.accounts.update(uid, changes);
      await this.record(uid, by, 're-encrypt-secrets', {});
      count++;
    }
    return { accounts: count };
  }

  /**
   * Takes `n` characters of credit, or nothing: concurrent debits can never push usage past
   * the plan's allowance (see AccountRepository.debitCredits). False when it would.
   */
  async debitCredits(uid: string, n: number): Promise<boolean> {
    checkAmount(n);
    return this.inCurrentPeriod(uid, (periodStart) => this.accounts.debitCredits(uid, n, periodStart));
  }

  /**
   * Runs a conditional debit against the period the account is in now (renewing it first when
   * due). A debit that misses because a renewal slipped in between is tried again in the new
   * period; one that misses in an unchanged period is a refusal.
   */
  private async inCurrentPeriod(uid: string, debit: (periodStart: number) => Promise<boolean>): Promise<boolean> {
    for (;;) {
      const current = await this.current(uid);
      if (!current) throw accountNotFound(uid);
      const periodStart = current.found.account.periodStart;
      if (await debit(periodStart)) return true;
      const now = await this.accounts.get(uid);
      if (!now) throw accountNotFound(uid);
      if (now.periodStart === periodStart && periodStart >= this.periodOf(now, current.found.plan).start) return false;
    }
  }

  /** Gives back credits of a synthesis that failed; usage never goes below zero. */
  async refundCredits(uid: string, n: number): Promise<void> {
    checkAmount(n);
    if (!(await this.accounts.refundCredits(uid, n))) throw accountNotFound(uid);
  }

  /** Counts one professional clone training against the plan, or returns false. */
  async useProfessionalGeneration(uid: string): Promise<boolean> {
    return this.inCurrentPeriod(uid, (periodStart) => this.accounts.useProfessionalGeneration(uid, periodStart));
  }

  async refundProfessionalGeneration(uid: string): Promise<void> {
    if (!(await this.accounts.refundProfessionalGeneration(uid))) throw accountNotFound(uid);
  }

  /** Starts a new period: usage back to zero. */
  async resetUsage(uid: string, by: AuditActor = 'cli'): Promise<Account> {
    const before = await this.require(uid);
    const account = await this.update(uid, { used_credits: 0, used_professional_generations: 0 });
    await this.record(uid, by, 'reset-usage', {
      used_credits: before.usedCredits,
      used_professional_generations: before.usedProfessionalGenerations,
    });
    return account;
  }

  private async findByCredential(column: CredentialColumn, secret: string): Promise<Account | null> {
    if (!isCredentialShaped(secret)) return null;
    const digest = hashSecret(secret);
    const found = await this.accounts.findByCredential(column, digest);
    // The index lookup finds the row; the constant-time check is what decides.
    if (!found || !safeEqual(found.storedDigest, digest)) return null;
    return found.account;
  }

  private async countOwnerChange(uid: string): Promise<void> {
    if (!this.ownerChanges) return;
    const { rate, perHour } = this.ownerChanges;
    const decision = await rate.hit(`owner-changes:${uid}`, perHour, 3_600_000);
    if (!decision.allowed) throw ownerChangesLimited(perHour, decision.retryAfterSeconds);
  }

  private async record(uid: string, actor: AuditActor, action: string, details: Record<string, unknown>): Promise<void> {
    // Strictly increasing within the process, so changes made within one millisecond list in the order made.
    this.lastAuditAt = Math.max(this.clock.now(), this.lastAuditAt + 1);
    await this.audit.record({ uid, actor, action, details, at: this.lastAuditAt });
  }

  private async update(uid: string, changes: AccountChanges): Promise<Account> {
    if (!(await this.accounts.update(uid, changes))) throw accountNotFound(uid);
    return this.require(uid);
  }

  private async requirePlan(name: string): Promise<void> {
    if (!(await this.accounts.planExists(name))) throw planNotFound(name);
  }
}

const newKeyId = () => randomBytes(6).toString('hex');

/** What a key or token may be before it is even hashed: a non-empty string of at most 512 characters. */
const isCredentialShaped = (secret: unknown): secret is string => typeof secret === 'string' && secret.length > 0 && secret.length <= 512;

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

function checkCallbackUrl(value: string, allowPrivate: boolean): void {
  if (value.length > 2048) throw invalidValue('callback_url is longer than 2048 characters');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidValue('callback_url is not a valid URL');
  }
  const refusal = callbackUrlRefusal(url, allowPrivate);
  if (refusal) throw invalidValue(refusal);
}

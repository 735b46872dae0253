import { Type } from '@sinclair/typebox';
import type { AccountOverview } from '../../services/accounts/account-service.js';
import type { Account } from '../../services/accounts/account.js';
import type { AccountKey } from '../../services/accounts/account-key.js';
import type { AuditEntry } from '../../services/accounts/audit-entry.js';
import { billingPeriod } from '../billing-period.js';
import { BillingPeriod } from '../current/schemas/subscription.js';

/** Schemas and renderings of the admin API; times are ISO 8601 UTC, like the rest of the interfaces. */

const time = Type.String({ format: 'date-time' });
const nullableTime = Type.Union([time, Type.Null()]);
export const security = [{ AdminToken: [] as string[] }];
export const tags = ['admin'];

export const AdminError = Type.Object({ detail: Type.String(), code: Type.String() }, { title: 'AdminError' });
/** The documented error answers of an admin route. */
export function adminErrors(...statuses: number[]): Record<number, unknown> {
  return Object.fromEntries([401, ...statuses].map((s) => [s, { ...AdminError, description: s === 401 ? 'Missing or wrong admin token' : 'Error' }]));
}

export const UidParams = Type.Object({ uid: Type.String({ pattern: '^[0-9a-f]{24}$', description: 'The account uid (from GET /admin/v1/accounts)' }) });
export const KeyParams = Type.Object({ uid: UidParams.properties.uid, key_id: Type.String({ pattern: '^[0-9a-f]{12}$', description: 'The key id (from GET /admin/v1/accounts/{uid}/keys)' }) });

export const AccountSummary = Type.Object(
  {
    uid: Type.String(),
    username: Type.String(),
    fullname: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    plan: Type.String(),
    enable_api: Type.Boolean({ description: 'Whether the earlier interface’s Bearer token may be used' }),
    used_credits: Type.Integer({ description: 'This period' }),
    created_at: time,
    disabled_at: nullableTime,
  },
  { title: 'AdminAccount' },
);

export const AccountDetail = Type.Object(
  {
    account: AccountSummary,
    usage: Type.Object({
      used_credits: Type.Integer(),
      plan_credits: Type.Integer(),
      remaining_credits: Type.Integer(),
      used_professional_generations: Type.Integer(),
      professional_generations: Type.Integer(),
    }),
    period: BillingPeriod,
  },
  { title: 'AdminAccountDetail' },
);

export const KeyView = Type.Object(
  { key_id: Type.String(), created_at: time, expires_at: nullableTime, revoked_at: nullableTime },
  { title: 'AdminApiKey' },
);

export const NewKey = Type.Object(
  { key_id: Type.String(), api_key: Type.String({ description: 'The X-API-KEY, shown only in this answer' }) },
  { title: 'AdminNewApiKey' },
);

export const AuditView = Type.Object(
  { uid: Type.String(), actor: Type.String({ description: 'cli, admin-api, owner or system' }), action: Type.String(), details: Type.Object({}, { additionalProperties: true }), at: time },
  { title: 'AdminAuditEntry' },
);

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function accountSummary(a: Account) {
  return {
    uid: a.uid,
    username: a.username,
    fullname: a.fullname,
    email: a.email,
    plan: a.plan,
    enable_api: a.enableApi,
    used_credits: a.usedCredits,
    created_at: iso(a.createdAt)!,
    disabled_at: iso(a.disabledAt),
  };
}

export function accountDetail(view: AccountOverview) {
  const u = view.usage;
  return {
    account: accountSummary(view.account),
    usage: {
      used_credits: u.usedCredits,
      plan_credits: u.planCredits,
      remaining_credits: u.remainingCredits,
      used_professional_generations: u.usedProfessionalGenerations,
      professional_generations: u.professionalGenerations,
    },
    period: billingPeriod(view.period),
  };
}

export const keyView = (k: AccountKey) => ({ key_id: k.id, created_at: iso(k.createdAt)!, expires_at: iso(k.expiresAt), revoked_at: iso(k.revokedAt) });
export const auditView = (e: AuditEntry) => ({ uid: e.uid, actor: e.actor, action: e.action, details: e.details, at: iso(e.at)! });

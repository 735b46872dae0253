import type { AccountRow } from '../../store/schema.js';

/** An account as services see it; credentials never appear here. */
export interface Account {
  /** 24 lowercase hex. */
  uid: string;
  username: string;
  fullname: string;
  email: string | null;
  plan: string;
  /** Whether the earlier interface's Bearer token may be used. */
  enableApi: boolean;
  callbackUrl: string | null;
  usedCredits: number;
  usedProfessionalGenerations: number;
  /** ms since the epoch. */
  createdAt: number;
}

export function accountFromRow(row: AccountRow): Account {
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
  };
}

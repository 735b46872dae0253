
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
  /** When an operator disabled it (ms); null while enabled. A disabled account's credentials are refused. */
  disabledAt: number | null;
  /** Start (ms) of the billing period the usage counters belong to (see credit-period.ts). */
  periodStart: number;
}

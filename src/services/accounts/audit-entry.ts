/** Who made a change: an operator (CLI or admin API), the account's owner, or the service itself (renewals). */
export type AuditActor = 'cli' | 'admin-api' | 'owner' | 'system';

export interface AuditEntry {
  id: string;
  uid: string;
  actor: AuditActor;
  action: string;
  details: Record<string, unknown>;
  /** ms since the epoch. */
  at: number;
}

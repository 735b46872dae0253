/** One API key of an account as operators see it; the key itself is stored only as its digest. */
export interface AccountKey {
  /** 12 hex, shown to operators; the key itself is stored only as its digest. */
  id: string;
  uid: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
}

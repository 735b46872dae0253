import { invalidValue } from './errors.js';

/** Where a page of the audit log ended: its last (oldest) entry's time and id. */
export interface AuditPosition {
  at: number;
  id: string;
}

/**
 * The cursor handed to clients for the next page: opaque to them (base64url), so its form may
 * change; decoded strictly, so a forged or damaged one is a clear refusal, never a query error.
 */
export function encodeAuditCursor(position: AuditPosition): string {
  return Buffer.from(`${position.at}.${position.id}`, 'utf8').toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditPosition {
  const invalid = () => invalidValue('the cursor is not one this server handed out (pass next_cursor as it was given)');
  if (cursor.length > 100 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const match = /^(-?\d{1,16})\.([0-9a-f]{24})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalid();
  const at = Number(match[1]);
  if (!Number.isSafeInteger(at)) throw invalid();
  return { at, id: match[2]! };
}

export const defaultAuditPageSize = 100;
export const maxAuditPageSize = 1000;

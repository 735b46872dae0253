import type { SpeakResourceRow } from '../store/schema.js';
import { affected, type DatabaseHandle } from './database-handle.js';

/** The `speak_resources` table: upload slots of the earlier interface and what was uploaded. */
export class SpeakResourceRepository {
  constructor(private readonly db: DatabaseHandle) {}

  async insert(row: SpeakResourceRow): Promise<void> {
    await this.db.insertInto('speak_resources').values(row).execute();
  }

  async get(id: string): Promise<SpeakResourceRow | null> {
    return (await this.db.selectFrom('speak_resources').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** A resource of this account (another account's is not found). */
  async findOwned(uid: string, id: string): Promise<SpeakResourceRow | null> {
    return (await this.db.selectFrom('speak_resources').selectAll().where('id', '=', id).where('uid', '=', uid).executeTakeFirst()) ?? null;
  }

  /** Notes a (new) upload; the analysis of an earlier one is cleared. False when the slot is gone. */
  async markUploaded(id: string, upload: { blobKey: string; size: number; now: number }): Promise<boolean> {
    const result = await this.db
      .updateTable('speak_resources')
      .set({ status: 'uploaded', blob_key: upload.blobKey, size: upload.size, analysis: null, uploaded_at: upload.now })
      .where('id', '=', id)
      .executeTakeFirst();
    return affected(result) === 1;
  }

  /** Caches an analysis, only if the upload it was made from is still the resource's (same `uploaded_at`). */
  async saveAnalysis(id: string, uploadedAt: number | null, analysis: string): Promise<void> {
    let query = this.db.updateTable('speak_resources').set({ analysis }).where('id', '=', id);
    query = uploadedAt === null ? query.where('uploaded_at', 'is', null) : query.where('uploaded_at', '=', uploadedAt);
    await query.execute();
  }

  /**
   * What the account holds at `now`: slots still awaiting their upload (unexpired), and the
   * bytes of its uploads (kept until the retention sweep removes them).
   */
  async usage(uid: string, now: number): Promise<{ openSlots: number; storedBytes: number; nextSlotExpiry: number | null }> {
    const row = await this.db
      .selectFrom('speak_resources')
      .select((eb) => [
        eb.fn.sum<number | string | null>(eb.case().when(eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])).then(1).else(0).end()).as('open_slots'),
        eb.fn.sum<number | string | null>(eb.fn.coalesce('size', eb.lit(0))).as('stored_bytes'),
        eb.fn.min<number | string | null>(eb.case().when(eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])).then(eb.ref('expires_at')).end()).as('next_expiry'),
      ])
      .where('uid', '=', uid)
      .executeTakeFirst();
    const next = row?.next_expiry;
    return { openSlots: Number(row?.open_slots ?? 0), storedBytes: Number(row?.stored_bytes ?? 0), nextSlotExpiry: next === null || next === undefined ? null : Number(next) };
  }

  /**
   * Up to `limit` resources past their keeping: slots never uploaded whose upload URL expired
   * before `slotsExpiredBefore`, and uploads made before `uploadedBefore`. Oldest first.
   */
  async expired(slotsExpiredBefore: number, uploadedBefore: number, limit: number): Promise<Array<{ id: string; blobKey: string | null; size: number }>> {
    const rows = await this.db
      .selectFrom('speak_resources')
      .select(['id', 'blob_key', 'size'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('expires_at', '<', slotsExpiredBefore)]),
          eb.and([eb('status', '=', 'uploaded'), eb('uploaded_at', '<', uploadedBefore)]),
        ]),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, blobKey: r.blob_key, size: Number(r.size ?? 0) }));
  }

  /** Removes these resources' rows; returns how many went. */
  async remove(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return affected(await this.db.deleteFrom('speak_resources').where('id', 'in', ids).executeTakeFirst());
  }
}

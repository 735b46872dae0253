import { PostgresAdapter, sql } from 'kysely';
import type { SpeakResourceRow } from '../store/schema.js';
import { affected, type DatabaseHandle } from './database-handle.js';

/** Bytes an upload in flight may still store, until it is settled or released. */
export interface UploadReservation {
  id: string;
  uid: string;
  resourceId: string;
  bytes: number;
  createdAt: number;
  /** Ignored from then on: a node that died mid-upload never settles its reservation. */
  expiresAt: number;
}

/**
 * The `speak_resources` table: upload slots of the earlier interface and what was uploaded; and
 * `upload_reservations`, the bytes of uploads in flight, counted in an account's usage.
 */
export class SpeakResourceRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: DatabaseHandle) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /**
   * Runs `work` alone among everything else run under the same account's lock, on every node:
   * reading an account's usage and adding to it (a slot, a reservation) is then one step, which
   * parallel requests cannot both pass. `work` must use only the repository it is given (bound to
   * the transaction). PostgreSQL: a transaction-scoped advisory lock named after the account.
   * SQLite: the transaction itself (one connection, which a transaction holds until it ends).
   */
  async inAccountLock<T>(uid: string, work: (locked: SpeakResourceRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (this.postgres) await sql`select pg_advisory_xact_lock(hashtext(${`orator-uploads:${uid}`}))`.execute(trx);
      return work(new SpeakResourceRepository(trx));
    });
  }

  /** Notes a reservation; an account's expired ones go at the same time. */
  async reserve(reservation: UploadReservation): Promise<void> {
    await this.db.deleteFrom('upload_reservations').where('uid', '=', reservation.uid).where('expires_at', '<=', reservation.createdAt).execute();
    await this.db
      .insertInto('upload_reservations')
      .values({ id: reservation.id, uid: reservation.uid, resource_id: reservation.resourceId, bytes: reservation.bytes, created_at: reservation.createdAt, expires_at: reservation.expiresAt })
      .execute();
  }

  /** Gives a reservation back (an upload that failed or was refused). */
  async release(reservationId: string): Promise<void> {
    await this.db.deleteFrom('upload_reservations').where('id', '=', reservationId).execute();
  }

  /**
   * An upload's end: the slot takes its real size and the reservation goes, in one transaction,
   * so the account's usage never counts both nor neither. False (reservation released) when the
   * slot is gone.
   */
  async settleUpload(reservationId: string, id: string, upload: { blobKey: string; size: number; now: number }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const locked = new SpeakResourceRepository(trx);
      await locked.release(reservationId);
      return locked.markUploaded(id, upload);
    });
  }

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
   * bytes of its uploads (kept until the retention sweep removes them) plus those reserved by
   * uploads in flight (unexpired reservations).
   */
  async usage(uid: string, now: number): Promise<{ openSlots: number; storedBytes: number; nextSlotExpiry: number | null }> {
    const reserved = await this.db
      .selectFrom('upload_reservations')
      .select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes'))
      .where('uid', '=', uid)
      .where('expires_at', '>', now)
      .executeTakeFirst();
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
    return { openSlots: Number(row?.open_slots ?? 0), storedBytes: Number(row?.stored_bytes ?? 0) + Number(reserved?.bytes ?? 0), nextSlotExpiry: next === null || next === undefined ? null : Number(next) };
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

import type { SpeakResourceRow } from '../store/schema.js';
import type { DatabaseHandle } from './database-handle.js';

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

  /** Notes a (new) upload; the analysis of an earlier one is cleared. */
  async markUploaded(id: string, upload: { blobKey: string; size: number; now: number }): Promise<void> {
    await this.db
      .updateTable('speak_resources')
      .set({ status: 'uploaded', blob_key: upload.blobKey, size: upload.size, analysis: null, uploaded_at: upload.now })
      .where('id', '=', id)
      .execute();
  }

  /** Caches an analysis, only if the upload it was made from is still the resource's (same `uploaded_at`). */
  async saveAnalysis(id: string, uploadedAt: number | null, analysis: string): Promise<void> {
    let query = this.db.updateTable('speak_resources').set({ analysis }).where('id', '=', id);
    query = uploadedAt === null ? query.where('uploaded_at', 'is', null) : query.where('uploaded_at', '=', uploadedAt);
    await query.execute();
  }
}

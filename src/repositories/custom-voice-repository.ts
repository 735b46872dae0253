import type { CustomVoiceRow, CustomVoicesTable } from '../store/schema.js';
import { affected, type DatabaseHandle } from './database-handle.js';
import { PreparedQuery } from './prepared-query.js';

export type NewCustomVoice = Omit<CustomVoiceRow, 'error' | 'profile' | 'upload_key'> & Partial<Pick<CustomVoiceRow, 'error' | 'profile' | 'upload_key'>>;
export type UsableCustomVoiceRow = Pick<CustomVoiceRow, 'voice_id' | 'name' | 'model' | 'language' | 'created_at'>;
export type CustomVoiceChanges = Partial<Pick<CustomVoicesTable, 'status' | 'profile' | 'error' | 'upload_key' | 'updated_at'>>;

/** The `custom_voices` table: instant and professional clones, their status and profile. */
export class CustomVoiceRepository {
  private readonly usable: PreparedQuery<{ accountUid: string }, UsableCustomVoiceRow>;

  constructor(private readonly db: DatabaseHandle) {
    this.usable = new PreparedQuery(db, (param) =>
      db
        .selectFrom('custom_voices')
        .select(['voice_id', 'name', 'model', 'language', 'created_at'])
        .where('account_uid', '=', param('accountUid'))
        .where('status', '=', 'completed')
        .orderBy('created_at', 'desc')
        .orderBy('voice_id', 'desc'),
    );
  }

  /** The account's completed voices, newest first, with what listings show of them (not their profiles). */
  async listUsable(accountUid: string): Promise<UsableCustomVoiceRow[]> {
    return this.usable.execute({ accountUid });
  }

  async insert(voice: NewCustomVoice): Promise<void> {
    await this.db
      .insertInto('custom_voices')
      .values({ error: null, profile: null, upload_key: null, ...voice })
      .execute();
  }

  /** The account's voices, newest first. */
  async listByAccount(accountUid: string): Promise<CustomVoiceRow[]> {
    return this.db
      .selectFrom('custom_voices')
      .selectAll()
      .where('account_uid', '=', accountUid)
      .orderBy('created_at', 'desc')
      .orderBy('voice_id', 'desc')
      .execute();
  }

  /** The account's voices in order of creation (oldest first): which ones hold the plan's slots. */
  async creationOrder(accountUid: string): Promise<Pick<CustomVoiceRow, 'voice_id' | 'source' | 'status'>[]> {
    return this.db
      .selectFrom('custom_voices')
      .select(['voice_id', 'source', 'status'])
      .where('account_uid', '=', accountUid)
      .orderBy('created_at')
      .orderBy('voice_id')
      .execute();
  }

  /** A voice of this account (another account's voice is not found). */
  async findOwned(accountUid: string, voiceId: string): Promise<CustomVoiceRow | null> {
    const row = await this.db.selectFrom('custom_voices').selectAll().where('voice_id', '=', voiceId).where('account_uid', '=', accountUid).executeTakeFirst();
    return row ?? null;
  }

  async get(voiceId: string): Promise<CustomVoiceRow | null> {
    return (await this.db.selectFrom('custom_voices').selectAll().where('voice_id', '=', voiceId).executeTakeFirst()) ?? null;
  }

  /** False when there is no such voice (deleted meanwhile). */
  async update(voiceId: string, changes: CustomVoiceChanges): Promise<boolean> {
    const result = await this.db.updateTable('custom_voices').set(changes).where('voice_id', '=', voiceId).executeTakeFirst();
    return affected(result) > 0;
  }

  async delete(voiceId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('custom_voices').where('voice_id', '=', voiceId).executeTakeFirst();
    return affected(result) > 0;
  }

  /** Deletes a voice of this account; false when it has none of that id. */
  async deleteOwned(accountUid: string, voiceId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('custom_voices').where('voice_id', '=', voiceId).where('account_uid', '=', accountUid).executeTakeFirst();
    return affected(result) > 0;
  }

  /** Heartbeat of a voice being made: touches `updated_at` while it is still pending or training. */
  async touchInProgress(voiceId: string, now: number): Promise<void> {
    await this.db
      .updateTable('custom_voices')
      .set({ updated_at: now })
      .where('voice_id', '=', voiceId)
      .where('status', 'in', ['pending', 'training'])
      .execute();
  }

  /**
   * Professional voices waiting for or in training whose recording is stored (before that, their
   * creation is still under way), ids after `afterId` (all when null), by id, at most `limit`: a
   * page of the work the reconciler makes sure is queued.
   */
  async awaitingTrainingPage(afterId: string | null, limit: number): Promise<Array<{ voiceId: string; accountUid: string }>> {
    const rows = await this.db
      .selectFrom('custom_voices')
      .select(['voice_id', 'account_uid'])
      .where('source', '=', 'professional')
      .where('status', 'in', ['pending', 'training'])
      .where('upload_key', 'is not', null)
      .$if(afterId !== null, (q) => q.where('voice_id', '>', afterId!))
      .orderBy('voice_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ voiceId: r.voice_id, accountUid: r.account_uid }));
  }

  /** Fails the instant voices in progress whose heartbeat is older than `staleBefore`; returns how many. */
  async failStaleInstant(staleBefore: number, error: string, now: number): Promise<number> {
    const result = await this.db
      .updateTable('custom_voices')
      .set({ status: 'failed', error, updated_at: now })
      .where('source', '=', 'instant')
      .where('status', 'in', ['pending', 'training'])
      .where('updated_at', '<', staleBefore)
      .executeTakeFirst();
    return affected(result);
  }
}

export function customVoiceRepository(source: CustomVoiceRepository | DatabaseHandle): CustomVoiceRepository {
  return source instanceof CustomVoiceRepository ? source : new CustomVoiceRepository(source);
}

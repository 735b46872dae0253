import type { Speak, SpeakTiming } from '../services/speaks/speak.js';
import type { SpeakOrder } from '../services/speaks/speak-order.js';
import type { AudioFormat } from '../synthesis/pipeline/speech-request.js';
import type { SpeakRow } from '../store/schema.js';
import { affected, type DatabaseHandle } from './database-handle.js';

export interface NewSpeak {
  id: string;
  uid: string;
  order: SpeakOrder;
  query: Record<string, unknown>;
  actorId: string;
  textCount: number;
  credits: number;
  now: number;
}

export interface FinishedAudio {
  audioKey: string;
  contentType: string;
  sampleRate: number;
  duration: number;
  synthesisSeconds: number;
  timing: SpeakTiming;
}

/** The `speaks` table. Status moves only out of `progress`, so a job run twice cannot undo an outcome. */
export class SpeakRepository {
  constructor(private readonly db: DatabaseHandle) {}

  async insert(speak: NewSpeak): Promise<void> {
    await this.db
      .insertInto('speaks')
      .values({
        id: speak.id,
        uid: speak.uid,
        status: 'progress',
        params: JSON.stringify(speak.order),
        query: JSON.stringify(speak.query),
        actor_id: speak.actorId,
        text_count: speak.textCount,
        credits: speak.credits,
        audio_format: speak.order.format,
        audio_key: null,
        content_type: null,
        sample_rate: null,
        duration: null,
        synthesis_seconds: null,
        timing: null,
        error: null,
        created_at: speak.now,
        updated_at: speak.now,
        finished_at: null,
      })
      .execute();
  }

  async get(id: string): Promise<Speak | null> {
    const row = await this.db.selectFrom('speaks').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? speakFromRow(row) : null;
  }

  /** True when this call moved the speak to `done`. */
  async markDone(id: string, audio: FinishedAudio, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('speaks')
      .set({
        status: 'done',
        audio_key: audio.audioKey,
        content_type: audio.contentType,
        sample_rate: audio.sampleRate,
        duration: audio.duration,
        synthesis_seconds: audio.synthesisSeconds,
        timing: JSON.stringify(audio.timing),
        updated_at: now,
        finished_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'progress')
      .executeTakeFirst();
    return affected(result) === 1;
  }

  /** True when this call moved the speak to `failed` (so the caller refunds exactly once). */
  async markFailed(id: string, error: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('speaks')
      .set({ status: 'failed', error: error.slice(0, 500), updated_at: now, finished_at: now })
      .where('id', '=', id)
      .where('status', '=', 'progress')
      .executeTakeFirst();
    return affected(result) === 1;
  }

  /**
   * Up to `limit` finished speaks (done or failed) that finished before `before`, oldest first,
   * with the key of their audio: what the retention sweep removes next.
   */
  async finishedBefore(before: number, limit: number): Promise<Array<{ id: string; audioKey: string | null }>> {
    const rows = await this.db
      .selectFrom('speaks')
      .select(['id', 'audio_key'])
      .where('finished_at', 'is not', null)
      .where('finished_at', '<', before)
      .orderBy('finished_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, audioKey: r.audio_key }));
  }

  /**
   * Removes finished speaks (their audio must be gone already) and their finished webhook
   * deliveries; returns how many rows went. A speak still in progress is never removed.
   */
  async removeFinished(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const deliveries = await trx.deleteFrom('webhook_deliveries').where('speak_id', 'in', ids).where('status', '!=', 'pending').executeTakeFirst();
      const speaks = await trx.deleteFrom('speaks').where('id', 'in', ids).where('status', '!=', 'progress').executeTakeFirst();
      return affected(deliveries) + affected(speaks);
    });
  }

  /** Ids of speaks still in progress, oldest first (recovery at start). */
  /**
   * Speaks in progress with ids after `afterId` (all when null), by id, at most `limit`: a page of
   * the work the reconciler makes sure is queued.
   */
  async inProgressPage(afterId: string | null, limit: number): Promise<Array<{ id: string; uid: string }>> {
    return this.db
      .selectFrom('speaks')
      .select(['id', 'uid'])
      .where('status', '=', 'progress')
      .$if(afterId !== null, (q) => q.where('id', '>', afterId!))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async inProgress(): Promise<string[]> {
    const rows = await this.db.selectFrom('speaks').select('id').where('status', '=', 'progress').orderBy('created_at').execute();
    return rows.map((r) => r.id);
  }
}

export function speakFromRow(row: SpeakRow): Speak {
  return {
    id: row.id,
    uid: row.uid,
    status: row.status,
    order: JSON.parse(row.params) as SpeakOrder,
    query: JSON.parse(row.query) as Record<string, unknown>,
    actorId: row.actor_id,
    textCount: row.text_count,
    credits: row.credits,
    format: row.audio_format as AudioFormat,
    audioKey: row.audio_key,
    contentType: row.content_type,
    sampleRate: row.sample_rate,
    duration: row.duration,
    synthesisSeconds: row.synthesis_seconds,
    timing: row.timing ? (JSON.parse(row.timing) as SpeakTiming) : null,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

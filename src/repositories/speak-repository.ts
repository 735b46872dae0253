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

  /** Ids of speaks still in progress, oldest first (recovery at start). */
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

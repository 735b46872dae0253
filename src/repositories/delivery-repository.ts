import { randomBytes } from 'node:crypto';
import type { WebhookDeliveryRow } from '../store/schema.js';
import { affected, type DatabaseHandle } from './database-handle.js';
import { unsealedCallbackUrls, type CallbackUrlSeal } from '../security/callback-url-seal.js';

/** The `webhook_deliveries` table: one row per speak whose account had a callback URL when it finished. */
export class DeliveryRepository {
  constructor(
    private readonly db: DatabaseHandle,
    /** The URL may carry credentials: kept sealed like the account's (see CallbackUrlSeal). */
    private readonly callbackUrls: CallbackUrlSeal = unsealedCallbackUrls,
  ) {}

  /** The delivery of a speak, made on first call; later calls return the same one (its id is the stable webhook-id). */
  async createFor(speakId: string, uid: string, url: string, now: number): Promise<WebhookDeliveryRow> {
    await this.createIdFor(speakId, uid, url, now);
    return (await this.forSpeak(speakId)) ?? missing(speakId);
  }

  /**
   * createFor's delivery id alone: what a finished speak needs to enqueue its webhook job, without
   * reading the row back and opening its sealed URL (the attempt reads the row).
   */
  async createIdFor(speakId: string, uid: string, url: string, now: number): Promise<string> {
    const inserted = await this.db
      .insertInto('webhook_deliveries')
      .values({
        id: `msg_${randomBytes(12).toString('hex')}`,
        speak_id: speakId,
        uid,
        url: this.callbackUrls.seal(url, uid),
        status: 'pending',
        last_status_code: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .onConflict((oc) => oc.column('speak_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Nothing inserted: another call made it first.
    return inserted?.id ?? (await this.idForSpeak(speakId)) ?? missing(speakId);
  }

  async get(id: string): Promise<WebhookDeliveryRow | null> {
    const row = await this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? this.opened(row) : null;
  }

  /** The id of a speak's delivery, or null: forSpeak without the row and its sealed URL. */
  async idForSpeak(speakId: string): Promise<string | null> {
    const row = await this.db.selectFrom('webhook_deliveries').select('id').where('speak_id', '=', speakId).executeTakeFirst();
    return row?.id ?? null;
  }

  async forSpeak(speakId: string): Promise<WebhookDeliveryRow | null> {
    const row = await this.db.selectFrom('webhook_deliveries').selectAll().where('speak_id', '=', speakId).executeTakeFirst();
    return row ? this.opened(row) : null;
  }

  /** Rewrites every delivery's URL sealed with the newest key (after a key rotation); the number rewritten. */
  async resealUrls(): Promise<number> {
    const rows = await this.db.selectFrom('webhook_deliveries').select(['id', 'uid', 'url']).execute();
    let count = 0;
    for (const row of rows) {
      const url = this.callbackUrls.open(row.url, row.uid);
      if (url === null) continue;
      await this.db.updateTable('webhook_deliveries').set({ url: this.callbackUrls.seal(url, row.uid) }).where('id', '=', row.id).execute();
      count++;
    }
    return count;
  }

  private opened(row: WebhookDeliveryRow): WebhookDeliveryRow {
    // A URL sealed only with a dropped key cannot be reached any more: its attempts fail.
    return { ...row, url: this.callbackUrls.open(row.url, row.uid) ?? '' };
  }

  /**
   * Takes the pending delivery for one attempt until `until` (ms), unless another attempt holds it
   * (its lease not yet past `now`): false then. `record` or `endAttempt` lets it go.
   */
  async beginAttempt(id: string, now: number, until: number): Promise<boolean> {
    const row = await this.db
      .updateTable('webhook_deliveries')
      .set({ attempt_until: until })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('attempt_until', 'is', null), eb('attempt_until', '<=', now)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Lets an attempt's hold go without recording it (it ended in an error of ours). */
  async endAttempt(id: string): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set({ attempt_until: null }).where('id', '=', id).execute();
  }

  /** Records an attempt (and lets its hold go); `ended` moves the delivery to its final status. */
  async record(
    id: string,
    attempt: { attempts: number; status: number | null; error: string | null; ended: 'delivered' | 'failed' | null },
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        attempts: attempt.attempts,
        last_status_code: attempt.status,
        last_error: attempt.error?.slice(0, 500) ?? null,
        updated_at: now,
        attempt_until: null,
        ...(attempt.ended ? { status: attempt.ended, finished_at: now } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /**
   * Deliveries still pending with ids after `afterId` (all when null), by id, at most `limit`:
   * a page of the work the reconciler makes sure is queued. Ids and owners only (no sealed URL).
   */
  async pendingPage(afterId: string | null, limit: number): Promise<Array<{ id: string; uid: string }>> {
    return this.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'uid'])
      // finished_at is null exactly while pending, and is indexed.
      .where('finished_at', 'is', null)
      .where('status', '=', 'pending')
      .$if(afterId !== null, (q) => q.where('id', '>', afterId!))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Removes deliveries that ended (delivered or failed) before `before`, at most `limit`; returns how many. */
  async removeFinishedBefore(before: number, limit: number): Promise<number> {
    const ids = this.db.selectFrom('webhook_deliveries').select('id').where('finished_at', 'is not', null).where('finished_at', '<', before).limit(limit);
    const result = await this.db.deleteFrom('webhook_deliveries').where('id', 'in', ids).executeTakeFirst();
    return affected(result);
  }
}

/** A delivery just made (by this call or a racing one) that cannot be read back: the table is not what we wrote to. */
function missing(speakId: string): never {
  throw new Error(`the webhook delivery of speak ${speakId} is missing right after it was made`);
}

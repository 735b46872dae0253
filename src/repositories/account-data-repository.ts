import type { DatabaseHandle } from './database-handle.js';

/** What an account owns, by the ids its jobs are named after and the blob keys its rows point to. */
export interface OwnedData {
  speakIds: string[];
  deliveryIds: string[];
  voiceIds: string[];
  resourceIds: string[];
  /** Every blob key a row of the account names (audio, uploads, cached answers). */
  blobKeys: string[];
}

/** Rows deleted per table. */
export type DeletedRows = Record<string, number>;

/**
 * Everything an account owns across tables, read and deleted as one aggregate: custom voices,
 * pronunciation dictionaries, speaks, upload slots, webhook deliveries, API keys, cached answers
 * it stored, and the account row itself. The audit log is kept (see docs/operations.md). One transaction deletes it all, so
 * a failure leaves the account whole rather than half gone.
 */
export class AccountDataRepository {
  constructor(private readonly db: DatabaseHandle) {}

  async owned(uid: string): Promise<OwnedData> {
    const [speaks, deliveries, voices, resources, cached] = await Promise.all([
      this.db.selectFrom('speaks').select(['id', 'audio_key']).where('uid', '=', uid).execute(),
      this.db.selectFrom('webhook_deliveries').select('id').where('uid', '=', uid).execute(),
      this.db.selectFrom('custom_voices').select(['voice_id', 'upload_key']).where('account_uid', '=', uid).execute(),
      this.db.selectFrom('speak_resources').select(['id', 'blob_key']).where('uid', '=', uid).execute(),
      this.db.selectFrom('synthesis_cache').select('blob_key').where('owner_uid', '=', uid).execute(),
    ]);
    const keys = [...speaks.map((s) => s.audio_key), ...voices.map((v) => v.upload_key), ...resources.map((r) => r.blob_key), ...cached.map((c) => c.blob_key)];
    return {
      speakIds: speaks.map((s) => s.id),
      deliveryIds: deliveries.map((d) => d.id),
      voiceIds: voices.map((v) => v.voice_id),
      resourceIds: resources.map((r) => r.id),
      blobKeys: keys.filter((k): k is string => typeof k === 'string' && k.length > 0),
    };
  }

  /** Deletes the account and every row it owns but its audit log (its jobs are the queue's to remove). */
  async deleteAll(uid: string): Promise<DeletedRows> {
    return this.db.transaction().execute(async (trx) => {
      const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
      const deleted: DeletedRows = {};
      deleted.webhook_deliveries = count(await trx.deleteFrom('webhook_deliveries').where('uid', '=', uid).executeTakeFirstOrThrow());
      deleted.speaks = count(await trx.deleteFrom('speaks').where('uid', '=', uid).executeTakeFirstOrThrow());
      deleted.speak_resources = count(await trx.deleteFrom('speak_resources').where('uid', '=', uid).executeTakeFirstOrThrow());
      deleted.upload_reservations = count(await trx.deleteFrom('upload_reservations').where('uid', '=', uid).executeTakeFirstOrThrow());
      deleted.custom_voices = count(await trx.deleteFrom('custom_voices').where('account_uid', '=', uid).executeTakeFirstOrThrow());
      deleted.pronunciation_dictionary_versions = count(
        await trx
          .deleteFrom('pronunciation_dictionary_versions')
          .where('dictionary_id', 'in', trx.selectFrom('pronunciation_dictionaries').select('id').where('account_uid', '=', uid))
          .executeTakeFirstOrThrow(),
      );
      deleted.pronunciation_dictionaries = count(await trx.deleteFrom('pronunciation_dictionaries').where('account_uid', '=', uid).executeTakeFirstOrThrow());
      deleted.synthesis_cache = count(await trx.deleteFrom('synthesis_cache').where('owner_uid', '=', uid).executeTakeFirstOrThrow());
      deleted.account_keys = count(await trx.deleteFrom('account_keys').where('uid', '=', uid).executeTakeFirstOrThrow());
      deleted.accounts = count(await trx.deleteFrom('accounts').where('uid', '=', uid).executeTakeFirstOrThrow());
      return deleted;
    });
  }
}

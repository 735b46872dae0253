import type { BlobStore } from '../../blobs/blob-store.js';
import type { Clock } from '../../clock.js';
import type { JobQueue } from '../../queue/job-queue.js';
import type { AccountAuditRepository, AccountDataRepository, AccountRepository, DeletedRows } from '../../repositories/index.js';
import type { AuditActor } from './audit-entry.js';
import { accountVoicesPrefix } from '../custom-voices/custom-voice-service.js';
import { jobIdOf as speakJobIdOf } from '../speaks/speak-service.js';
import { accountNotFound } from './errors.js';

export interface AccountDeletionDeps {
  accounts: AccountRepository;
  data: AccountDataRepository;
  audit: AccountAuditRepository;
  blobs: BlobStore;
  queue: JobQueue;
  clock: Clock;
  /** Resolves once the answers being stored behind their responses have landed (the response cache's). */
  storesUnderWay?: () => Promise<void>;
}

/** What a deletion removed: rows per table, jobs and blobs. */
export interface DeletedAccount {
  uid: string;
  rows: DeletedRows;
  jobs: number;
  blobs: number;
}

/**
 * Deletes an account and everything it owns: custom voices (their uploads and profiles), upload
 * slots and their files, speaks and their audio, webhook deliveries, queued jobs, API keys, the
 * cached answers its requests stored. The audit log is kept, with a `delete` row saying what
 * went, so an operator can still answer "who deleted this account, and when".
 *
 * Order: the account is disabled first (its credentials refused, its queued speaks fail rather
 * than start), then its jobs are removed, then its rows go in one transaction, then its blobs.
 * A blob left by a failure after the rows are gone is found again by its key prefix for custom
 * voices; a speak job already running when the account went deletes the audio it stores when it
 * finds its speak gone (SpeakService.run).
 */
export class AccountDeletion {
  constructor(private readonly deps: AccountDeletionDeps) {}

  async delete(uid: string, by: AuditActor): Promise<DeletedAccount> {
    const { accounts, data, audit, blobs, queue, clock } = this.deps;
    const account = await accounts.get(uid);
    if (!account) throw accountNotFound(uid);
    if (account.disabledAt === null) await accounts.update(uid, { disabled_at: clock.now() });
    // An answer to one of its last requests may still be on its way into the response cache.
    await this.deps.storesUnderWay?.();
    const owned = await data.owned(uid);
    const jobIds = [
      ...owned.speakIds.map(speakJobIdOf),
      ...owned.deliveryIds.map((id) => `webhook:${id}`),
      ...owned.voiceIds.map((id) => `custom-voice-training:${id}`),
    ];
    let jobs = 0;
    for (const id of jobIds) if (await queue.remove(id)) jobs++;
    const rows = await data.deleteAll(uid);
    const keys = new Set(owned.blobKeys);
    // Custom voices keep every file under their own prefix (the upload, training leftovers).
    for await (const key of blobs.list(accountVoicesPrefix(uid))) keys.add(key);
    for (const key of keys) await blobs.delete(key);
    // After every earlier entry of the account, even one written in this same millisecond.
    const last = (await audit.page({ uid, limit: 1 }))[0]?.at ?? 0;
    await audit.record({ uid, actor: by, action: 'delete', details: { rows, jobs, blobs: keys.size }, at: Math.max(clock.now(), last + 1) });
    return { uid, rows, jobs, blobs: keys.size };
  }
}

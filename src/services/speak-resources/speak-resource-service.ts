import { randomBytes } from 'node:crypto';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { Clock } from '../../clock.js';
import type { RateLimiter } from '../../limits/limiter.js';
import type { AccountService } from '../accounts/account-service.js';
import type { Plan } from '../accounts/plan.js';
import type { UrlSigner } from '../../security/url-signer.js';
import type { SpeakResourceRepository } from '../../repositories/index.js';
import { rejections } from '../speaks/errors.js';
import type { ResourceVoice, ResourceVoiceSource } from '../speaks/speech-for-order.js';
import { bytesMatchFormat, contentTypes, maxResourceBytes, uploadTtlSeconds, type ResourceFormat } from './resource-formats.js';
import { readUploadHead } from './upload-stream.js';

export const uploadPath = (id: string) => `/files/speak-resource/${id}`;

export interface SpeakResourceDeps {
  resources: SpeakResourceRepository;
  blobs: BlobStore;
  signer: UrlSigner;
  clock: Clock;
  publicUrl: () => string;
  /** The plan of a slot's account, for its upload limits. */
  accounts: Pick<AccountService, 'getWithPlan'>;
  /** Counts new slots per account (the plan's `upload_slots_per_hour`). */
  rate: RateLimiter;
}

const hourMs = 3_600_000;
/**
 * How long a reservation holds if its upload never ends (its node died): past it, it is ignored.
 * Longer than any upload takes (25 MiB at 15 kB/s), short enough that a crash does not keep an
 * account's quota for long.
 */
export const reservationTtlMs = 30 * 60_000;

/**
 * Upload slots (`POST /api/speak/resource`) and the voices they speak with. The upload URL is a
 * signed PUT address of this server, valid one hour, as an S3 presigned URL would be. A slot
 * never uploaded to is removed once its hour is over, an upload after UPLOAD_RETENTION_HOURS
 * (the retention sweep).
 */
export class SpeakResourceService implements ResourceVoiceSource {
  constructor(private readonly deps: SpeakResourceDeps) {}

  /**
   * A new upload slot, within the plan's limits: slots awaiting their upload at once
   * (`upload_slots_open`), bytes of uploads kept (`upload_bytes`), new slots per hour
   * (`upload_slots_per_hour`, counted only for slots that pass the other two). Checked and
   * inserted under the account's lock, so parallel requests can never open more than the bound.
   */
  async create(uid: string, plan: Plan, format: ResourceFormat): Promise<{ id: string; presignedUrl: string }> {
    const now = this.deps.clock.now();
    const id = randomBytes(12).toString('hex');
    const signed = this.deps.signer.sign(uploadPath(id), uploadTtlSeconds);
    await this.deps.resources.inAccountLock(uid, async (locked) => {
      const usage = await locked.usage(uid, now);
      if (usage.openSlots >= plan.uploadSlotsOpen) {
        const retryAfter = Math.max(1, Math.ceil(((usage.nextSlotExpiry ?? now + uploadTtlSeconds * 1000) - now) / 1000));
        throw rejections.uploadLimit(`The account has ${usage.openSlots} upload slots awaiting their upload, the most its plan allows; upload to them or let them expire (within the hour)`, retryAfter);
      }
      if (usage.storedBytes >= plan.uploadBytes) throw rejections.storageFull(plan.uploadBytes);
      const allowed = await this.deps.rate.hit(`upload-slot:${uid}`, plan.uploadSlotsPerHour, hourMs);
      if (!allowed.allowed) throw rejections.uploadLimit(`The plan allows ${plan.uploadSlotsPerHour} new upload slots per hour`, allowed.retryAfterSeconds);
      await locked.insert({
        id,
        uid,
        audio_format: format,
        status: 'pending',
        blob_key: null,
        size: null,
        analysis: null,
        created_at: now,
        expires_at: signed.expires * 1000,
        uploaded_at: null,
      });
    });
    return { id, presignedUrl: `${this.deps.publicUrl()}${uploadPath(id)}?${signed.query}` };
  }

  /** Checks a signed upload address. */
  verifyUploadUrl(id: string, expires: string | undefined, signature: string | undefined): boolean {
    return this.deps.signer.verify(uploadPath(id), expires, signature);
  }

  /**
   * Stores the bytes PUT to a slot's URL (again replaces them, as a presigned PUT would), streamed
   * into the blob store as they arrive. Before anything is read, the bytes the upload may store
   * are reserved under the account's lock: the declared length, or without one all that the file
   * cap and the plan's `upload_bytes` leave; a declared length over either is refused then, a body
   * that passes the reservation as soon as it does. The reservation is settled to the real size
   * with the upload, or given back when it fails, so parallel uploads can never together keep
   * more than `upload_bytes`. The format is checked on the first 64 KiB, before anything is stored.
   */
  async acceptUpload(id: string, source: AsyncIterable<Uint8Array>, declaredLength: number | null): Promise<{ size: number }> {
    const found = await this.deps.resources.get(id);
    if (!found) throw rejections.notFound('No upload slot at this address');
    const owner = await this.deps.accounts.getWithPlan(found.uid);
    if (!owner) throw rejections.notFound('No upload slot at this address');
    const uploadBytes = owner.plan.uploadBytes;
    const reservation = await this.reserve(id, found.uid, uploadBytes, declaredLength);
    try {
      const maxBytes = reservation.bytes;
      const tooLarge = () => (maxBytes < maxResourceBytes ? rejections.storageFull(uploadBytes) : rejections.fileTooLarge(maxResourceBytes));
      const interrupted = () => rejections.invalid('file', 'The upload was interrupted before its end');
      const upload = await readUploadHead(source, interrupted);
      if (upload.head.length === 0) throw rejections.invalid('file', 'The upload is empty');
      const format = found.audio_format as ResourceFormat;
      if (!bytesMatchFormat(upload.head, format)) throw rejections.invalid('audio_format', `The file is not ${format} audio`);
      const key = `speak-resources/${id}.${format}`;
      const stored = await this.deps.blobs.put(key, upload.body(maxBytes, tooLarge, interrupted), contentTypes[format]);
      if (!(await this.deps.resources.settleUpload(reservation.id, id, { blobKey: key, size: stored.size, now: this.deps.clock.now() }))) {
        // The slot was removed meanwhile (its hour ended and the retention sweep took it).
        await this.deps.blobs.delete(key);
        throw rejections.notFound('No upload slot at this address');
      }
      return { size: stored.size };
    } catch (error) {
      await this.deps.resources.release(reservation.id);
      throw error;
    }
  }

  /**
   * Takes, under the account's lock, what the upload may store: the declared length, else all
   * that is left (at most the file cap). A new upload to a slot replaces its earlier one, whose
   * bytes are therefore not counted against it.
   */
  private async reserve(id: string, uid: string, uploadBytes: number, declaredLength: number | null): Promise<{ id: string; bytes: number }> {
    const now = this.deps.clock.now();
    const reservationId = randomBytes(12).toString('hex');
    return this.deps.resources.inAccountLock(uid, async (locked) => {
      const row = await locked.get(id);
      if (!row) throw rejections.notFound('No upload slot at this address');
      const usage = await locked.usage(uid, now);
      const left = Math.max(0, uploadBytes - (usage.storedBytes - (row.size ?? 0)));
      const maxBytes = Math.min(maxResourceBytes, left);
      const refusal = () => (maxBytes < maxResourceBytes ? rejections.storageFull(uploadBytes) : rejections.fileTooLarge(maxResourceBytes));
      if (declaredLength !== null && declaredLength > maxBytes) throw refusal();
      if (maxBytes === 0) throw refusal();
      const bytes = declaredLength ?? maxBytes;
      await locked.reserve({ id: reservationId, uid, resourceId: id, bytes, createdAt: now, expiresAt: now + reservationTtlMs });
      return { id: reservationId, bytes };
    });
  }

  /**
   * The account's uploaded sample → the voice that speaks for it: the resource itself, which the
   * ResourceVoiceResolver turns into a voice with the custom-voice adaptation (profile made once,
   * cached with the resource). Refuses unknown, foreign, empty and m4a resources here.
   */
  async voiceFor(uid: string, id: string): Promise<ResourceVoice> {
    const row = /^[0-9a-f]{24}$/.test(id) ? await this.deps.resources.get(id) : null;
    if (!row || row.uid !== uid) throw rejections.invalid('speak_resource_id', 'No speak resource with this id');
    if (row.status !== 'uploaded' || !row.blob_key) throw rejections.invalid('speak_resource_id', 'Nothing has been uploaded to this speak resource yet');
    if (row.audio_format === 'm4a') {
      throw rejections.unsupportedAudioFormat('Speaking in the voice of m4a uploads is not supported yet; upload WAV or MP3');
    }
    return { voiceId: id, pitchOffset: 0 };
  }
}

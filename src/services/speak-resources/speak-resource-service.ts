import { randomBytes } from 'node:crypto';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { Clock } from '../../clock.js';
import type { UrlSigner } from '../../security/url-signer.js';
import type { SpeakResourceRepository } from '../../repositories/index.js';
import { rejections } from '../speaks/errors.js';
import type { ResourceVoice, ResourceVoiceSource } from '../speaks/speech-for-order.js';
import { bytesMatchFormat, contentTypes, maxResourceBytes, uploadTtlSeconds, type ResourceFormat } from './resource-formats.js';

export const uploadPath = (id: string) => `/files/speak-resource/${id}`;

export interface SpeakResourceDeps {
  resources: SpeakResourceRepository;
  blobs: BlobStore;
  signer: UrlSigner;
  clock: Clock;
  publicUrl: () => string;
}

/**
 * Upload slots (`POST /api/speak/resource`) and the voices they speak with. The upload URL is a
 * signed PUT address of this server, valid one hour, as an S3 presigned URL would be.
 */
export class SpeakResourceService implements ResourceVoiceSource {
  constructor(private readonly deps: SpeakResourceDeps) {}

  async create(uid: string, format: ResourceFormat): Promise<{ id: string; presignedUrl: string }> {
    const id = randomBytes(12).toString('hex');
    const now = this.deps.clock.now();
    const signed = this.deps.signer.sign(uploadPath(id), uploadTtlSeconds);
    await this.deps.resources.insert({
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
    return { id, presignedUrl: `${this.deps.publicUrl()}${uploadPath(id)}?${signed.query}` };
  }

  /** Checks a signed upload address. */
  verifyUploadUrl(id: string, expires: string | undefined, signature: string | undefined): boolean {
    return this.deps.signer.verify(uploadPath(id), expires, signature);
  }

  /** Stores the bytes PUT to a slot's URL (again replaces them, as a presigned PUT would). */
  async acceptUpload(id: string, bytes: Buffer): Promise<{ size: number }> {
    const row = await this.deps.resources.get(id);
    if (!row) throw rejections.notFound('No upload slot at this address');
    if (bytes.length === 0) throw rejections.invalid('file', 'The upload is empty');
    if (bytes.length > maxResourceBytes) throw rejections.fileTooLarge(maxResourceBytes);
    const format = row.audio_format as ResourceFormat;
    if (!bytesMatchFormat(bytes, format)) throw rejections.invalid('audio_format', `The file is not ${format} audio`);
    const key = `speak-resources/${id}.${format}`;
    await this.deps.blobs.put(key, bytes, contentTypes[format]);
    const now = this.deps.clock.now();
    await this.deps.resources.markUploaded(id, { blobKey: key, size: bytes.length, now });
    return { size: bytes.length };
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

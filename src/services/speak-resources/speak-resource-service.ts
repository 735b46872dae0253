import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../blobs/blob-store.js';
import type { Clock } from '../../clock.js';
import type { UrlSigner } from '../../security/url-signer.js';
import type { Database } from '../../store/schema.js';
import { f0Stats } from '../../synthesis/analysis/f0.js';
import { decodeAudio } from '../../synthesis/decoders/decode-audio.js';
import { EarlierApiRejection, rejections } from '../speaks/errors.js';
import type { ResourceVoice, ResourceVoiceSource } from '../speaks/speech-for-order.js';
import { bytesMatchFormat, contentTypes, maxResourceBytes, uploadTtlSeconds, type ResourceFormat } from './resource-formats.js';
import { matchVoice } from './voice-match.js';

/** What was measured on an upload, once, at its first use. */
export interface ResourceAnalysis {
  decodable: boolean;
  durationSeconds: number | null;
  medianF0: number | null;
  voicedFraction: number | null;
}

/** Seconds of the upload analysed for its pitch: enough for a stable median, bounded cost. */
const analysedSeconds = 30;
const minVoicedSeconds = 0.5;

export const uploadPath = (id: string) => `/files/speak-resource/${id}`;

export interface SpeakResourceDeps {
  db: Kysely<Database>;
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
    await this.deps.db
      .insertInto('speak_resources')
      .values({ id, uid, audio_format: format, status: 'pending', blob_key: null, size: null, analysis: null, created_at: now, expires_at: signed.expires * 1000, uploaded_at: null })
      .execute();
    return { id, presignedUrl: `${this.deps.publicUrl()}${uploadPath(id)}?${signed.query}` };
  }

  /** Checks a signed upload address. */
  verifyUploadUrl(id: string, expires: string | undefined, signature: string | undefined): boolean {
    return this.deps.signer.verify(uploadPath(id), expires, signature);
  }

  /** Stores the bytes PUT to a slot's URL (again replaces them, as a presigned PUT would). */
  async acceptUpload(id: string, bytes: Buffer): Promise<{ size: number }> {
    const row = await this.deps.db.selectFrom('speak_resources').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw rejections.notFound('No upload slot at this address');
    if (bytes.length === 0) throw rejections.invalid('file', 'The upload is empty');
    if (bytes.length > maxResourceBytes) throw new EarlierApiRejection(413, 'app/invalid/file_size', `The file is larger than ${maxResourceBytes} bytes`);
    const format = row.audio_format as ResourceFormat;
    if (!bytesMatchFormat(bytes, format)) throw rejections.invalid('audio_format', `The file is not ${format} audio`);
    const key = `speak-resources/${id}.${format}`;
    await this.deps.blobs.put(key, bytes, contentTypes[format]);
    const now = this.deps.clock.now();
    await this.deps.db
      .updateTable('speak_resources')
      .set({ status: 'uploaded', blob_key: key, size: bytes.length, analysis: null, uploaded_at: now })
      .where('id', '=', id)
      .execute();
    return { size: bytes.length };
  }

  /** The account's uploaded sample → the voice that speaks for it. */
  async voiceFor(uid: string, id: string): Promise<ResourceVoice> {
    const row = /^[0-9a-f]{24}$/.test(id)
      ? await this.deps.db.selectFrom('speak_resources').selectAll().where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!row || row.uid !== uid) throw rejections.invalid('speak_resource_id', 'No speak resource with this id');
    if (row.status !== 'uploaded' || !row.blob_key) throw rejections.invalid('speak_resource_id', 'Nothing has been uploaded to this speak resource yet');
    const analysis = row.analysis ? (JSON.parse(row.analysis) as ResourceAnalysis) : await this.analyse(id, row.blob_key, row.audio_format);
    if (!analysis.decodable && row.audio_format === 'm4a') {
      throw new EarlierApiRejection(400, 'app/unsupported/audio_format', 'Speaking in the voice of m4a uploads is not supported yet; upload WAV or MP3');
    }
    if (!analysis.decodable) throw rejections.invalid('speak_resource_id', 'The uploaded audio could not be decoded');
    if (analysis.medianF0 === null) throw rejections.invalid('speak_resource_id', 'No voice could be heard in the upload');
    const match = matchVoice(analysis.medianF0);
    return { voiceId: `tc_${match.voice.id}`, pitchOffset: match.pitchOffset };
  }

  private async analyse(id: string, key: string, format: string): Promise<ResourceAnalysis> {
    let analysis: ResourceAnalysis = { decodable: false, durationSeconds: null, medianF0: null, voicedFraction: null };
    const bytes = format === 'm4a' ? null : await this.deps.blobs.get(key);
    if (bytes) {
      try {
        const pcm = await decodeAudio(bytes);
        const head = { samples: pcm.samples.subarray(0, analysedSeconds * pcm.sampleRate), sampleRate: pcm.sampleRate };
        const stats = await f0Stats(head);
        const voicedSeconds = stats.voicedFraction * (head.samples.length / head.sampleRate);
        analysis = {
          decodable: true,
          durationSeconds: pcm.samples.length / pcm.sampleRate,
          medianF0: voicedSeconds >= minVoicedSeconds && Number.isFinite(stats.median) ? stats.median : null,
          voicedFraction: stats.voicedFraction,
        };
      } catch {
        analysis = { ...analysis, decodable: false };
      }
    }
    await this.deps.db.updateTable('speak_resources').set({ analysis: JSON.stringify(analysis) }).where('id', '=', id).execute();
    return analysis;
  }
}

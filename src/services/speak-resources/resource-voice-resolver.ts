import { rm } from 'node:fs/promises';
import type { BlobStore } from '../../blobs/blob-store.js';
import { blobToTempFile } from '../../blobs/blob-to-temp-file.js';
import type { SpeakResourceRepository } from '../../repositories/index.js';
import type { AdaptationPool } from '../../synthesis/adaptation/adaptation-pool.js';
import { renderCustomVoice } from '../../synthesis/adaptation/render-custom-voice.js';
import { UploadRejection, type UploadLimits } from '../../synthesis/adaptation/upload-rejection.js';
import { parseVoiceProfile, type VoiceProfile } from '../../synthesis/adaptation/voice-profile.js';
import { emotionsOf } from '../../synthesis/catalog/voice-models.js';
import type { TtsModel } from '../../synthesis/catalog/voice-types.js';
import { rejections } from '../speaks/errors.js';
import type { StoredSpeakResource } from './stored-speak-resource.js';
import type { ResolvedVoice, VoiceResolver } from '../voices/voice-resolver.js';

export interface ResourceVoiceDeps {
  resources: SpeakResourceRepository;
  blobs: BlobStore;
  adaptation: AdaptationPool;
  /** Private folder for the upload while it is analysed (under DATA_DIR). */
  tmpDir: string;
}

/** What is cached in a resource's `analysis` column: the profile, or why none could be made. */
interface ResourceProfile {
  version: 2;
  profile: VoiceProfile | null;
  rejection: string | null;
}

/** Any length a 25 MiB upload can hold, from a second on (the earlier interface sets no bounds). */
const resourceLimits: UploadLimits = { minSeconds: 1, maxSeconds: 2 * 3600 };
const models: TtsModel[] = ['ssfm-v21', 'ssfm-v30', 'ssfm-v31'];

/**
 * `tts_mode: audio_file`: the account's uploaded sample as a voice, made by the same adaptation
 * as custom voices (an instant clone's analysis and fitting), once per upload and cached with the
 * resource. Resolves the resource's own id (24 hex); every model version and its emotions are
 * offered, since the earlier interface lets a request pick any. A sample no voice can be made from
 * is `app/invalid/speak_resource_id` with the reason.
 */
export class ResourceVoiceResolver implements VoiceResolver {
  private readonly building = new Map<string, Promise<ResourceProfile>>();

  constructor(private readonly deps: ResourceVoiceDeps) {}

  async resolve(uid: string, voiceId: string): Promise<ResolvedVoice | null> {
    if (!/^[0-9a-f]{24}$/.test(voiceId)) return null;
    const row = await this.deps.resources.findOwned(uid, voiceId);
    if (!row || row.status !== 'uploaded' || !row.blob_key) return null;
    const { profile, rejection } = cached(row.analysis) ?? (await this.build(row));
    if (!profile) throw rejections.invalid('speak_resource_id', rejection ?? 'No voice could be heard in the upload');
    return {
      voiceId,
      kind: 'custom',
      language: 'eng',
      models: models.map((version) => ({ version, emotions: [...emotionsOf(version)] })),
      render: (_model, emotion, language) => renderCustomVoice(profile, emotion, language),
    };
  }

  /** One analysis per upload at a time, however many speaks ask at once. */
  private build(row: StoredSpeakResource): Promise<ResourceProfile> {
    const key = `${row.id}:${row.uploaded_at}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.analyse(row).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private async analyse(row: StoredSpeakResource): Promise<ResourceProfile> {
    const file = await blobToTempFile(this.deps.blobs, row.blob_key!, this.deps.tmpDir, 'resource');
    if (!file) throw rejections.invalid('speak_resource_id', 'The uploaded audio is missing');
    let result: ResourceProfile;
    try {
      const clone = await this.deps.adaptation.clone(file, resourceLimits, false, row.uid);
      result = { version: 2, profile: clone.profile, rejection: null };
    } catch (error) {
      if (!(error instanceof UploadRejection)) throw error;
      result = { version: 2, profile: null, rejection: error.message };
    } finally {
      await rm(file, { force: true });
    }
    // Only if the same upload is still there (a new PUT clears the analysis and changes uploaded_at).
    await this.deps.resources.saveAnalysis(row.id, row.uploaded_at, JSON.stringify(result));
    return result;
  }
}

/** The cached result, when the column holds one of this kind (older rows held a pitch analysis). */
function cached(json: string | null): ResourceProfile | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as ResourceProfile;
    if (value?.version !== 2) return null;
    return { version: 2, profile: value.profile ? parseVoiceProfile(JSON.stringify(value.profile)) : null, rejection: value.rejection ?? null };
  } catch {
    return null;
  }
}

export type CustomVoiceSource = 'instant' | 'professional';
export type CustomVoiceStatus = 'pending' | 'training' | 'completed' | 'failed';

/** A custom voice as its owner sees it (the shape routes render as CustomVoiceItem). */
export interface CustomVoice {
  /** `uc_` + 24 hex. */
  voiceId: string;
  name: string;
  model: 'ssfm-v21' | 'ssfm-v30';
  language: string | null;
  source: CustomVoiceSource;
  status: CustomVoiceStatus;
  /** Safe failure text when failed, else null. */
  error: string | null;
  /** Milliseconds since the epoch (render as ISO 8601 UTC). */
  createdAt: number;
}

/**
 * What the custom voice repository hands back for one voice, as stored (its columns). Declared
 * here, by the service that reads it, so services never import the store's row types; the
 * repository's rows fit it.
 */
export interface StoredCustomVoice {
  voice_id: string;
  name: string;
  model: string;
  language: string | null;
  source: CustomVoiceSource;
  status: CustomVoiceStatus;
  error: string | null;
  created_at: number;
}

export function customVoiceFromRow(row: StoredCustomVoice): CustomVoice {
  return {
    voiceId: row.voice_id,
    name: row.name,
    model: row.model as CustomVoice['model'],
    language: row.language,
    source: row.source,
    status: row.status,
    error: row.status === 'failed' ? (row.error ?? 'The voice could not be made.') : null,
    createdAt: Number(row.created_at),
  };
}

export const customVoiceIdPattern = /^uc_[0-9a-f]{24}$/;
export const cloneModels = ['ssfm-v21', 'ssfm-v30'] as const;

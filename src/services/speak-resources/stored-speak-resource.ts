/**
 * An upload slot of the earlier interface as the speak resource repository stores and hands it
 * back (its columns). Declared here, by the services that use it, so services never import the
 * store's row types; the repository's rows are exactly this.
 */
export interface StoredSpeakResource {
  /** 24 lowercase hex. */
  id: string;
  uid: string;
  /** wav, mp3 or m4a. */
  audio_format: string;
  status: 'pending' | 'uploaded';
  blob_key: string | null;
  size: number | null;
  /** The cached analysis (JSON) of the current upload. */
  analysis: string | null;
  created_at: number;
  expires_at: number;
  uploaded_at: number | null;
}

import type { SpeakUrls } from '../speaks/speak-urls.js';
import type { Speak } from '../speaks/speak.js';
import { speakFailure } from '../speaks/speak-service.js';

/** The completion message (decisions §2). Audio URLs are null when the speak failed. */
export interface WebhookBody {
  speak_url: string;
  speak_v2_url: string;
  status: 'done' | 'failed';
  kind: '/api/speak';
  audio_download_url: string | null;
  audio_url_no_redirect: string | null;
  share: { embed_url: string | null };
  /** Orator's addition, on a failed speak only: why, in the earlier interface's error shape. */
  error?: { msg: string; error_code: string };
}

/**
 * Built at each attempt, so the download links in a retry days later are fresh (24 h from that
 * attempt) rather than long expired; everything else, and the webhook-id, stay the same.
 */
export function webhookBody(speak: Speak, urls: SpeakUrls): WebhookBody {
  const done = speak.status === 'done';
  return {
    speak_url: urls.speakUrl(speak.id),
    speak_v2_url: urls.speakV2Url(speak.id),
    status: done ? 'done' : 'failed',
    kind: '/api/speak',
    audio_download_url: done ? urls.audioDownloadUrl(speak) : null,
    audio_url_no_redirect: done ? urls.audioNoRedirectUrl(speak) : null,
    share: { embed_url: done ? urls.embedUrl(speak) : null },
    ...(done ? {} : { error: speakFailure(speak)! }),
  };
}

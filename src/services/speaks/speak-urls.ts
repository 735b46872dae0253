import type { UrlSigner } from '../../security/url-signer.js';
import { extensionOf } from './speak-order.js';
import type { Speak } from './speak.js';

/** Download links live 24 hours from the moment they are handed out. */
export const downloadTtlSeconds = 24 * 60 * 60;

/** The file name of a speak's audio under `/files/speak/`: its id and extension. */
export function audioFileName(speak: Pick<Speak, 'id' | 'format'>): string {
  return `${speak.id}.${extensionOf(speak.format)}`;
}

export const audioPath = (name: string) => `/files/speak/${name}`;
export const noRedirectPath = (name: string) => `/files/speak/${name}/no-redirect`;
export const embedPath = (name: string) => `/files/speak/${name}/embed`;

/** Every URL the earlier interface hands out for a speak. */
export class SpeakUrls {
  constructor(
    private readonly publicUrl: () => string,
    private readonly signer: UrlSigner,
  ) {}

  speakUrl(id: string): string {
    return `${this.publicUrl()}/api/speak/${id}`;
  }

  speakV2Url(id: string): string {
    return `${this.publicUrl()}/api/speak/v2/${id}`;
  }

  /** Signed now, valid for 24 hours. */
  audioDownloadUrl(speak: Pick<Speak, 'id' | 'format'>): string {
    return this.signed(audioPath(audioFileName(speak)));
  }

  /** The same bytes, always served by this server itself (never a redirect to storage). */
  audioNoRedirectUrl(speak: Pick<Speak, 'id' | 'format'>): string {
    return this.signed(noRedirectPath(audioFileName(speak)));
  }

  /** A small page of this server that plays the speech. */
  embedUrl(speak: Pick<Speak, 'id' | 'format'>): string {
    return this.signed(embedPath(audioFileName(speak)));
  }

  /** `path` signed to expire at `expires` (unix seconds), as the embed page links its audio. */
  signedUntil(path: string, expires: number): string {
    return `${this.publicUrl()}${path}?${this.signer.signUntil(path, expires).query}`;
  }

  private signed(path: string): string {
    return `${this.publicUrl()}${path}?${this.signer.sign(path, downloadTtlSeconds).query}`;
  }
}

import type { Readable } from 'node:stream';
import type { BlobStore, BlobInfo } from '../../blobs/blob-store.js';
import { findBuiltinVoice } from '../../synthesis/catalog/catalog.js';
import { previewTexts } from '../../synthesis/catalog/preview-texts.js';
import { modelsOf } from '../../synthesis/catalog/voice-models.js';
import { renderCatalogVoice } from '../../synthesis/pipeline/render-voice.js';
import { defaultOutput } from '../../synthesis/pipeline/speech-request.js';
import type { Synthesizer } from '../../synthesis/pipeline/synthesizer.js';

/**
 * Preview audio of built-in voices: rendered once on first request, kept in the blob store,
 * served from there ever after (and shared by every node of a scaled deployment).
 */
export class PreviewService {
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(
    private readonly synthesizer: Synthesizer,
    private readonly blobs: BlobStore,
  ) {}

  static keyOf(voiceId: string): string {
    return `previews/${voiceId}.mp3`;
  }

  /** The preview of a built-in voice (`tc_…`), or null for an unknown voice. */
  async open(voiceId: string): Promise<{ body: Readable; info: BlobInfo } | null> {
    const voice = findBuiltinVoice(voiceId);
    if (!voice || !voiceId.startsWith('tc_')) return null;
    const key = PreviewService.keyOf(voiceId);
    const stored = await this.blobs.stream(key);
    if (stored) return stored;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = this.render(voiceId, key).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    await pending;
    return this.blobs.stream(key);
  }

  private async render(voiceId: string, key: string): Promise<void> {
    const voice = findBuiltinVoice(voiceId)!;
    const model = modelsOf(voice).at(-1)!.version;
    const speech = await this.synthesizer.synthesize({
      text: previewTexts[voice.language] ?? previewTexts.eng,
      language: voice.language,
      render: (language) => renderCatalogVoice(voice, model, { preset: 'normal', intensity: 1 }, language),
      output: { ...defaultOutput, format: 'mp3', sampleRate: 44100, mp3Bitrate: 128 },
    });
    await this.blobs.put(key, speech.audio, speech.contentType);
  }
}

import { findBuiltinVoice } from '../../synthesis/catalog/catalog.js';
import { modelsOf, type VoiceModel } from '../../synthesis/catalog/voice-models.js';
import type { TtsModel } from '../../synthesis/catalog/voice-types.js';
import { renderCatalogVoice, type EmotionChoice } from '../../synthesis/pipeline/render-voice.js';
import type { VoiceRendering } from '../../synthesis/pipeline/speech-request.js';

/** A voice a request may speak with, whatever its kind: what it supports and how to render it. */
export interface ResolvedVoice {
  /** `tc_…` for built-in voices, `uc_…` for custom voices. */
  voiceId: string;
  kind: 'builtin' | 'custom';
  /** The language the voice was made for: the fallback when the text's language cannot be told. */
  language: string;
  models: VoiceModel[];
  /**
   * What changes when the voice is remade (a custom voice deleted and cloned again, retrained):
   * part of the response cache's key, so a remade voice never gets the old voice's audio.
   */
  version?: string;
  render(model: TtsModel, emotion: EmotionChoice, language: string): VoiceRendering;
}

/** Finds the voice a request names, among those the account may use; null is "no such voice" (404). */
export interface VoiceResolver {
  resolve(accountUid: string, voiceId: string): Promise<ResolvedVoice | null>;
}

/** Built-in voices: the same for every account. */
export class BuiltinVoiceResolver implements VoiceResolver {
  async resolve(_accountUid: string, voiceId: string): Promise<ResolvedVoice | null> {
    if (!/^tc_[0-9a-f]{24}$/.test(voiceId)) return null;
    const voice = findBuiltinVoice(voiceId);
    if (!voice) return null;
    return {
      voiceId,
      kind: 'builtin',
      language: voice.language,
      models: modelsOf(voice),
      render: (model, emotion, language) => renderCatalogVoice(voice, model, emotion, language),
    };
  }
}

/** Asks each resolver in turn (built-in first, then custom voices once they exist). */
export class ChainedVoiceResolver implements VoiceResolver {
  constructor(private readonly resolvers: VoiceResolver[]) {}

  async resolve(accountUid: string, voiceId: string): Promise<ResolvedVoice | null> {
    for (const resolver of this.resolvers) {
      const found = await resolver.resolve(accountUid, voiceId);
      if (found) return found;
    }
    return null;
  }
}

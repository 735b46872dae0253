import { emotionsOf } from '../../synthesis/catalog/voice-models.js';
import { renderCustomVoice } from '../../synthesis/adaptation/render-custom-voice.js';
import type { ResolvedVoice, VoiceResolver } from '../voices/voice-resolver.js';
import { customVoiceIdPattern } from './custom-voice.js';
import type { CustomVoiceService } from './custom-voice-service.js';

/**
 * `uc_…` voices for synthesis: only the owner's, only once completed; anything else is "no such
 * voice". The voice offers only the model it was made for, so another model is refused upstream.
 */
export class CustomVoiceResolver implements VoiceResolver {
  constructor(private readonly voices: CustomVoiceService) {}

  async resolve(accountUid: string, voiceId: string): Promise<ResolvedVoice | null> {
    if (!customVoiceIdPattern.test(voiceId)) return null;
    const usable = await this.voices.findUsable(accountUid, voiceId);
    if (!usable) return null;
    const { voice, profile } = usable;
    return {
      voiceId,
      kind: 'custom',
      version: `${voice.voiceId}@${voice.createdAt}`,
      language: voice.language ?? 'eng',
      models: [{ version: voice.model, emotions: [...emotionsOf(voice.model)] }],
      render: (_model, emotion, language) => renderCustomVoice(profile, emotion, language),
    };
  }
}

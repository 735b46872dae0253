import type { VoiceModel } from '../../synthesis/catalog/voice-models.js';
import type { EmotionPreset, TtsModel } from '../../synthesis/catalog/voice-types.js';

/** A model version of an actor as the earlier interface names it. */
export interface ActorVersion {
  /** `v1`, `v2`, `v3`. */
  name: string;
  aliases: string[];
  displayName: string;
  model: TtsModel;
  emotions: EmotionPreset[];
  /** Whether `emotion_tone_preset: "emotion-prompt"` with a free-text `emotion_prompt` works. */
  emotionPrompt: boolean;
}

/**
 * Versions are the engine generations: v1 → ssfm-v21, v2 → ssfm-v30, v3 → ssfm-v31. The later
 * generations take a free-text emotion (mapped to a preset by keywords, see emotion-prompt.ts);
 * the first generation has four presets and no prompt, as the real one.
 */
const versionOfModel: Record<TtsModel, { name: string; displayName: string; emotionPrompt: boolean }> = {
  'ssfm-v21': { name: 'v1', displayName: 'SSFM v2.1', emotionPrompt: false },
  'ssfm-v30': { name: 'v2', displayName: 'SSFM v3.0', emotionPrompt: true },
  'ssfm-v31': { name: 'v3', displayName: 'SSFM v3.1', emotionPrompt: true },
};

/** The versions of an actor, oldest first; `first` and `latest` mark the ends. */
export function actorVersions(models: readonly VoiceModel[]): ActorVersion[] {
  return models.map((m, i) => {
    const aliases: string[] = [];
    if (i === 0) aliases.push('first');
    if (i === models.length - 1) aliases.push('latest');
    const v = versionOfModel[m.version];
    return { name: v.name, aliases, displayName: v.displayName, model: m.version, emotions: [...m.emotions], emotionPrompt: v.emotionPrompt };
  });
}

/**
 * A version by name (`v2`), alias (`latest`) or model id (`ssfm-v30`, a courtesy to clients of
 * both interfaces); null when the actor has no such version.
 */
export function findActorVersion(versions: readonly ActorVersion[], wanted: string): ActorVersion | null {
  const key = wanted.toLowerCase();
  return versions.find((v) => v.name === key || v.aliases.includes(key) || v.model === key) ?? null;
}

import type { ActorVersion } from '../../services/speaks/actor-versions.js';

/** An actor model version as the earlier interface shows it. */
export function actorVersionShape(version: ActorVersion) {
  return {
    name: version.name,
    aliases: version.aliases,
    display_name: version.displayName,
    emotion_tone_presets: version.emotions,
    emotion_prompt: version.emotionPrompt,
  };
}

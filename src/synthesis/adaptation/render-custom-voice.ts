import type { EmotionPreset } from '../catalog/voice-types.js';
import { espeakVoiceFor } from '../engines/espeak/languages.js';
import type { VoiceRendering } from '../pipeline/speech-request.js';
import { emotionProsody } from '../prosody/emotions.js';
import type { VoiceProfile } from './voice-profile.js';

/**
 * A custom voice speaking a language with an emotion: the profile's base voice with the
 * language's eSpeak voice, the profile's prosody with the emotion's on top (pitch adds, range and
 * rate multiply, as for built-in voices), and the profile itself for its timbre. Output controls
 * (pitch, tempo, volume, loudness) come later in the pipeline, so they stack on all of this.
 */
export function renderCustomVoice(profile: VoiceProfile, emotion: { preset: EmotionPreset; intensity: number }, language: string): VoiceRendering {
  const mood = emotionProsody(emotion.preset, emotion.intensity);
  const espeakId = espeakVoiceFor(language) ?? espeakVoiceFor('eng')!;
  const variant = mood.whisper ? (profile.gender === 'female' ? 'whisperf' : 'whisper') : profile.variant;
  return {
    voice: { engine: 'espeak', id: espeakId, variant },
    prosody: {
      pitch: profile.pitch + mood.pitch,
      range: profile.range * mood.range,
      rate: profile.rate * mood.rate,
      volume: mood.volume,
    },
    profile,
  };
}

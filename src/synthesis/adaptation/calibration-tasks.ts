import type { SentenceTask } from '../pool/tasks.js';
import { bandCentres } from './bands.js';
import type { CalibrationTimbre } from './build-profile.js';
import { calibrationSentences } from './calibration-text.js';
import type { VoiceProfile } from './voice-profile.js';

export type CalibrationProsody = Pick<SentenceTask['prosody'], 'pitch' | 'range' | 'rate'>;

/** The calibration sentences as the sentence renderer takes them: a base voice, a prosody, optionally a timbre. */
export function calibrationTasks(variant: string, prosody: CalibrationProsody, timbre?: CalibrationTimbre): SentenceTask[] {
  const profile: VoiceProfile | undefined = timbre
    ? {
        version: 1,
        gender: 'male',
        variant,
        ...prosody,
        ...timbre,
        eqDb: timbre.eqDb ?? bandCentres.map(() => 0),
        sample: { medianF0: 0, p5F0: 0, p95F0: 0, speakingRate: 0, seconds: 0 },
      }
    : undefined;
  return calibrationSentences.map((text) => ({
    kind: 'sentence',
    text,
    language: 'eng',
    voice: { engine: 'espeak', id: 'en-us', variant },
    prosody: { ...prosody, volume: 1 },
    sampleRate: 22050,
    pitch: 0,
    tempo: 1,
    lastPitch: 0,
    profile,
  }));
}


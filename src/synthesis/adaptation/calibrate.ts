import { renderSentence } from '../pool/render-sentence.js';
import type { CalibrationMeasurer } from './build-profile.js';
import { calibrationSentences } from './calibration-text.js';
import { bandCentres } from './bands.js';
import { VoiceAnalyser, type VoiceMeasurements } from './voice-analyser.js';

/** Neutral renderings never change: measured once per variant and thread. */
const neutralCache = new Map<string, Promise<VoiceMeasurements>>();

/**
 * Renders the calibration sentences through the same sentence renderer synthesis uses (engine,
 * DSP, the profile's timbre) in this thread, and measures them. Runs inside the adaptation worker.
 */
export const measureCalibration: CalibrationMeasurer = (variant, prosody, timbre) => {
  const neutral = !timbre && prosody.pitch === 0 && prosody.range === 1 && prosody.rate === 1;
  if (neutral) {
    let cached = neutralCache.get(variant);
    if (!cached) {
      cached = render(variant, prosody);
      cached.catch(() => neutralCache.delete(variant));
      neutralCache.set(variant, cached);
    }
    return cached;
  }
  return render(variant, prosody, timbre);
};

async function render(variant: string, prosody: Parameters<CalibrationMeasurer>[1], timbre?: Parameters<CalibrationMeasurer>[2]): Promise<VoiceMeasurements> {
  const analyser = new VoiceAnalyser();
  const profile = timbre
    ? {
        version: 1 as const,
        gender: 'male' as const,
        variant,
        ...prosody,
        ...timbre,
        sample: { medianF0: 0, p5F0: 0, p95F0: 0, speakingRate: 0, seconds: 0 },
      }
    : undefined;
  for (const text of calibrationSentences) {
    const sentence = await renderSentence({
      kind: 'sentence',
      text,
      language: 'eng',
      voice: { engine: 'espeak', id: 'en-us', variant },
      prosody: { ...prosody, volume: 1 },
      sampleRate: 22050,
      pitch: 0,
      tempo: 1,
      lastPitch: 0,
      profile: profile && { ...profile, eqDb: profile.eqDb ?? bandCentres.map(() => 0) },
    });
    await analyser.add(sentence);
  }
  return analyser.finish();
}

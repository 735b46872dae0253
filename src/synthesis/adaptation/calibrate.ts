import type { Pcm } from '../audio.js';
import type { SentenceTask } from '../pool/tasks.js';
import type { CalibrationMeasurer } from './build-profile.js';
import { calibrationSentences } from './calibration-text.js';
import { bandCentres } from './bands.js';
import { neutralMeasurements } from './neutral-measurements.js';
import { VoiceAnalyser, type VoiceMeasurements } from './voice-analyser.js';

/** Renders one calibration sentence exactly as synthesis renders sentences. */
export type CalibrationRenderer = (task: SentenceTask) => Promise<Pcm>;

/**
 * Renders in this thread. Loaded on first use: a server's adaptation thread renders through the
 * synthesis pool instead (`AdaptationPool`'s renderer) and never loads the engines itself.
 */
export const renderHere: CalibrationRenderer = async (task) => (await import('../pool/render-sentence.js')).renderSentence(task);

/**
 * Neutral renderings never change, whichever thread renders them (the same renderer, the same
 * engine): the base voices' are measured in advance (neutral-measurements.ts), any other is
 * measured once per variant and adaptation thread.
 */
const neutralCache = new Map<string, Promise<VoiceMeasurements>>();

function knownNeutral(variant: string): VoiceMeasurements | undefined {
  const known = Object.hasOwn(neutralMeasurements, variant) ? neutralMeasurements[variant] : undefined;
  return known && { ...known, f0: { ...known.f0 }, ltasDb: [...known.ltasDb], envelopeDb: [...known.envelopeDb], utterances: [] };
}

/**
 * Renders the calibration sentences through the same sentence renderer synthesis uses (engine,
 * DSP, the profile's timbre), all at once so a pool of threads renders them side by side, and
 * measures them in order here. Runs inside the adaptation worker.
 */
export function calibrationMeasurer(render: CalibrationRenderer = renderHere): CalibrationMeasurer {
  return (variant, prosody, timbre) => {
    const neutral = !timbre && prosody.pitch === 0 && prosody.range === 1 && prosody.rate === 1;
    if (!neutral) return renderAndMeasure(render, variant, prosody, timbre);
    const known = knownNeutral(variant);
    if (known) return Promise.resolve(known);
    let cached = neutralCache.get(variant);
    if (!cached) {
      cached = renderAndMeasure(render, variant, prosody);
      cached.catch(() => neutralCache.delete(variant));
      neutralCache.set(variant, cached);
    }
    return cached;
  };
}

/** Renders and measures in this thread. */
export const measureCalibration: CalibrationMeasurer = calibrationMeasurer();

/** Renders the calibration sentences with `variant`, `prosody` and `timbre`, and measures them. */
export async function renderAndMeasure(
  render: CalibrationRenderer,
  variant: string,
  prosody: Parameters<CalibrationMeasurer>[1],
  timbre?: Parameters<CalibrationMeasurer>[2],
): Promise<VoiceMeasurements> {
  const profile = timbre
    ? {
        version: 1 as const,
        gender: 'male' as const,
        variant,
        ...prosody,
        ...timbre,
        eqDb: timbre.eqDb ?? bandCentres.map(() => 0),
        sample: { medianF0: 0, p5F0: 0, p95F0: 0, speakingRate: 0, seconds: 0 },
      }
    : undefined;
  const sentences = await Promise.all(
    calibrationSentences.map((text) =>
      render({
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
      }),
    ),
  );
  // In order: the analyser's levels are relative to the loudest frame met so far.
  const analyser = new VoiceAnalyser();
  for (const sentence of sentences) await analyser.add(sentence);
  return analyser.finish();
}

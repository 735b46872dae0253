import type { Pcm } from '../audio.js';
import type { SentenceTask } from '../pool/tasks.js';
import type { CalibrationMeasurer, CalibrationReading, CalibrationTimbre } from './build-profile.js';
import { calibrationTasks } from './calibration-tasks.js';
import { measureFramesHere, type FrameMeasurer } from './frame-requests.js';
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
const neutralCache = new Map<string, Promise<CalibrationReading>>();

function knownNeutral(variant: string): CalibrationReading | undefined {
  const known = Object.hasOwn(neutralMeasurements, variant) ? neutralMeasurements[variant] : undefined;
  return known && { measurements: { ...known, f0: { ...known.f0 }, ltasDb: [...known.ltasDb], envelopeDb: [...known.envelopeDb], utterances: [] } };
}

/**
 * Renders the calibration sentences through the same sentence renderer synthesis uses (engine,
 * DSP, the profile's timbre), all at once so a pool of threads renders them side by side, and
 * measures them in order with `measure` (this thread, or side by side with a free pool thread).
 * Runs inside the adaptation worker.
 */
export function calibrationMeasurer(render: CalibrationRenderer = renderHere, measure: FrameMeasurer = measureFramesHere): CalibrationMeasurer {
  return (variant, prosody, timbre) => {
    const neutral = !timbre && prosody.pitch === 0 && prosody.range === 1 && prosody.rate === 1;
    if (!neutral) return renderAndRead(render, measure, variant, prosody, timbre);
    const known = knownNeutral(variant);
    if (known) return Promise.resolve(known);
    let cached = neutralCache.get(variant);
    if (!cached) {
      // Kept for the thread's life: the measurements only, not the sentences' audio.
      cached = renderAndRead(render, measure, variant, prosody).then(({ measurements }) => ({ measurements }));
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
  timbre?: CalibrationTimbre,
): Promise<VoiceMeasurements> {
  return (await renderAndRead(render, measureFramesHere, variant, prosody, timbre)).measurements;
}

/**
 * Renders and measures the calibration sentences; a reading without a timbre can be measured
 * again through one (`spectrumThrough`): its sentences come out of the renderer exactly as they
 * go into the profile's filter when a timbre is rendered, so filtering them here gives the same
 * audio as rendering again.
 */
async function renderAndRead(
  render: CalibrationRenderer,
  measure: FrameMeasurer,
  variant: string,
  prosody: Parameters<CalibrationMeasurer>[1],
  timbre?: CalibrationTimbre,
): Promise<CalibrationReading> {
  const rendering = calibrationTasks(variant, prosody, timbre).map(render);
  // The loop below reports the first failure in order; the others must not go unhandled meanwhile.
  for (const pending of rendering) pending.catch(() => undefined);
  // Rendered side by side, measured as they arrive, in order (the analyser's levels are relative
  // to the loudest frame met so far): the first sentences are measured while the last are rendered.
  const sentences: Pcm[] = [];
  const analyser = new VoiceAnalyser({ measure });
  for (const pending of rendering) {
    const sentence = await pending;
    sentences.push(sentence);
    await analyser.add(sentence);
  }
  const measurements = await analyser.finish();
  if (timbre) return { measurements };
  return {
    measurements,
    async spectrumThrough(through) {
      const spectrum = new VoiceAnalyser({ spectrumOnly: true, measure });
      for (const sentence of sentences) await spectrum.add(sentence, through);
      return spectrum.finish();
    },
  };
}

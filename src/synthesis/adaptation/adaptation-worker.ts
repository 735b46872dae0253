/** Entry of the adaptation threads: decoding uploads, measuring voices and fitting profiles, off the event loop. */
import { collectGarbageAndShrink } from '../pool/collect-garbage.js';
import { stopWarmUp, warmUpNow, warmUpWhileIdle } from './analysis-warm-up.js';
import { buildVoiceProfile, NotEnoughSpeechError } from './build-profile.js';
import { calibrationMeasurer } from './calibrate.js';
import { poolThrough } from './pool-port.js';
import { readUpload } from './read-upload.js';
import { UploadRejection } from './upload-rejection.js';
import { VoiceAnalyser } from './voice-analyser.js';
import type { AdaptationOutcome, AdaptationTask } from './adaptation-tasks.js';

export default async function run(task: AdaptationTask): Promise<AdaptationOutcome | null> {
  const started = performance.now();
  if (task.kind === 'ready') {
    // The thread was started ahead of an upload still arriving: its analysis code is warmed meanwhile.
    warmUpWhileIdle();
    return null;
  }
  if (task.kind === 'warm-up') {
    await warmUpNow();
    // The warm-up's voices and spectra are garbage now; an idle thread would otherwise hold them (and the young generation they grew).
    await collectGarbageAndShrink();
    return null;
  }
  stopWarmUp();
  try {
    if (task.kind === 'probe') {
      const info = await readUpload(task.path, task.limits);
      return { ok: true, info, milliseconds: performance.now() - started };
    }
    const pool = task.poolPort && poolThrough(task.poolPort, task.poolThreads ?? 1);
    // A client waits for an instant clone: the pool's free threads measure its blocks. A
    // professional one is trained in the background and leaves them to speech.
    const measureFrames = task.careful ? undefined : pool?.measure;
    const analyser = new VoiceAnalyser({ measure: measureFrames });
    const info = await readUpload(task.path, task.limits, (block) => analyser.add(block));
    const measurements = await analyser.finish();
    const analysedAt = performance.now();
    const measure = calibrationMeasurer(pool?.render, measureFrames);
    const profile = await buildVoiceProfile(measurements, measure, { careful: task.careful });
    return {
      ok: true,
      info,
      profile,
      measurements,
      milliseconds: performance.now() - started,
      analysisMilliseconds: analysedAt - started,
    };
  } catch (error) {
    if (error instanceof UploadRejection) return { ok: false, reason: error.reason, message: error.message };
    if (error instanceof NotEnoughSpeechError) return { ok: false, reason: 'not_enough_speech', message: error.message };
    throw error;
  } finally {
    if (task.kind === 'clone') task.poolPort?.close();
  }
}

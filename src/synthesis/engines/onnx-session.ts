import { statSync } from 'node:fs';
import type ort from 'onnxruntime-node';
import { ModelError } from './model-error.js';
import { NEURAL_RUNTIME_MISSING, neuralRuntimeInstalled } from './neural-runtime.js';

/**
 * ONNX Runtime's native addon loads on the first model, so processes that never speak neurally
 * never load it. Without the package (a lean image) the load is a ModelError saying how to add it.
 */
export const onnxRuntime = async () => {
  if (!neuralRuntimeInstalled()) throw new ModelError('runtime_missing', NEURAL_RUNTIME_MISSING);
  return (await import('onnxruntime-node')).default;
};

/**
 * Opens the graph at `path` with one thread per session (the synthesis pool already gives each
 * core its own thread) and checks its signature, releasing it when the check throws. A missing or
 * unreadable file is a ModelError naming it, never a stack.
 */
export async function openOnnxSession<S>(path: string, checkSignature: (session: ort.InferenceSession) => S): Promise<{ session: ort.InferenceSession; bytes: number; signature: S }> {
  let bytes: number;
  try {
    bytes = statSync(path).size;
  } catch {
    throw new ModelError('model_missing', `${path}: no such model file`);
  }
  const ort = await onnxRuntime();
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(path, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
  } catch (error) {
    throw new ModelError('model_corrupt', `${path}: ONNX Runtime cannot load it (${(error as Error).message.split('\n')[0]})`);
  }
  try {
    return { session, bytes, signature: checkSignature(session) };
  } catch (error) {
    await session.release();
    throw error;
  }
}

/**
 * The audio and per-id durations of one run, copied out before the run's tensors are freed. The
 * models scale each sentence to its peak themselves; Orator's loudness stages do the rest, so only
 * overshoot is tamed here. Durations come in frames of `frameSamples`; null when the model has no
 * durations output or they do not cover every id.
 */
export function readInference(
  results: ort.InferenceSession.OnnxValueMapType,
  outputs: { audio: string; durations: string | null },
  idCount: number,
  frameSamples: number,
): { samples: Float32Array; idSamples: number[] | null } {
  const samples = Float32Array.from(results[outputs.audio].data as Float32Array);
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  if (peak > 0.99) for (let i = 0; i < samples.length; i++) samples[i] *= 0.99 / peak;
  let idSamples: number[] | null = null;
  if (outputs.durations) {
    const frames = Array.from(results[outputs.durations].data as ArrayLike<number | bigint>, Number);
    if (frames.length === idCount) idSamples = frames.map((f) => Math.max(0, f) * frameSamples);
  }
  for (const tensor of Object.values(results)) tensor.dispose();
  return { samples, idSamples };
}

import { createRequire } from 'node:module';

/**
 * The neural voices run on ONNX Runtime (onnxruntime-node), a 46 MB native package that the lean
 * container image leaves out (Dockerfile ARG NEURAL_RUNTIME). Without it the installed models give
 * no voices, and every place that would load one says this instead of a module stack.
 */
export const NEURAL_RUNTIME_MISSING =
  'the neural runtime (onnxruntime-node) is not installed: run `npm install onnxruntime-node` in Orator\'s folder, or build the image with --build-arg NEURAL_RUNTIME=1 (docs/voices.md)';

let installed: boolean | undefined;

/** Whether onnxruntime-node can be resolved; asked once per process (installing it needs a restart). */
export function neuralRuntimeInstalled(): boolean {
  if (installed === undefined) {
    try {
      createRequire(import.meta.url).resolve('onnxruntime-node');
      installed = true;
    } catch {
      installed = false;
    }
  }
  return installed;
}

/** Marks every model unusable, naming the missing runtime, when it is not installed. */
export function withNeuralRuntimeProblem<M extends { problem: string | null; voices: unknown[] }>(models: M[]): M[] {
  if (neuralRuntimeInstalled()) return models;
  return models.map((model) => ({ ...model, problem: model.problem ?? NEURAL_RUNTIME_MISSING, voices: [] }));
}

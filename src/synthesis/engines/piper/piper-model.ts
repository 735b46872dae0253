import type ort from 'onnxruntime-node';
import { onnxRuntime, openOnnxSession, readInference } from '../onnx-session.js';
import type { PiperConfig } from './piper-config.js';
import { ModelError } from '../model-error.js';

/** Samples per frame of Piper's VITS decoder: the unit of the durations its alignment output gives. */
export const piperHopLength = 256;

/** The inputs Piper's exported graphs take, with their element types. */
const requiredInputs: Record<string, string> = { input: 'int64', input_lengths: 'int64', scales: 'float32' };

export interface PiperInference {
  samples: Float32Array;
  /** Samples each id lasted, when the model exports its durations (Piper's alignment patch); else null. */
  idSamples: number[] | null;
}

/** A loaded Piper graph in ONNX Runtime, checked against its `.onnx.json`. */
export class PiperModel {
  private constructor(
    readonly path: string,
    readonly bytes: number,
    private readonly session: ort.InferenceSession,
    readonly hasSpeakerInput: boolean,
    private readonly durationsOutput: string | null,
  ) {}

  static async load(path: string, config: PiperConfig): Promise<PiperModel> {
    const { session, bytes, signature } = await openOnnxSession(path, (opened) => checkSignature(opened, config, path));
    return new PiperModel(path, bytes, session, signature.hasSpeakerInput, signature.durationsOutput);
  }

  async infer(ids: readonly number[], scales: { noise: number; length: number; noiseW: number }, speaker: number): Promise<PiperInference> {
    const ort = await onnxRuntime();
    const feeds: Record<string, ort.Tensor> = {
      input: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]),
      input_lengths: new ort.Tensor('int64', BigInt64Array.of(BigInt(ids.length)), [1]),
      scales: new ort.Tensor('float32', Float32Array.of(scales.noise, scales.length, scales.noiseW), [3]),
    };
    if (this.hasSpeakerInput) feeds.sid = new ort.Tensor('int64', BigInt64Array.of(BigInt(speaker)), [1]);
    const results = await this.session.run(feeds);
    return readInference(results, { audio: 'output', durations: this.durationsOutput }, ids.length, piperHopLength);
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/** A graph that does not take what its `.onnx.json` says it does is refused before any request reaches it. */
function checkSignature(session: ort.InferenceSession, config: PiperConfig, path: string): { hasSpeakerInput: boolean; durationsOutput: string | null } {
  const mismatch = (what: string) => new ModelError('config_mismatch', `${path}: ${what}`);
  const inputs = new Map(session.inputMetadata.map((m) => [m.name, m.isTensor ? m.type : 'non-tensor']));
  for (const [name, type] of Object.entries(requiredInputs)) {
    if (!inputs.has(name)) throw mismatch(`the model has no input "${name}" (inputs: ${[...inputs.keys()].join(', ')}); it is not a Piper voice`);
    if (inputs.get(name) !== type) throw mismatch(`input "${name}" is ${inputs.get(name)}, Piper's is ${type}`);
  }
  const hasSpeakerInput = inputs.has('sid');
  if (config.numSpeakers > 1 && !hasSpeakerInput) throw mismatch(`the .onnx.json says ${config.numSpeakers} speakers but the model has no "sid" input`);
  if (config.numSpeakers === 1 && hasSpeakerInput) throw mismatch('the model takes a speaker id ("sid") but the .onnx.json says num_speakers is 1');
  const outputs = session.outputNames;
  if (!outputs.includes('output')) throw mismatch(`the model has no output "output" (outputs: ${outputs.join(', ')})`);
  const durationsOutput = outputs.find((name) => name !== 'output') ?? null;
  return { hasSpeakerInput, durationsOutput };
}

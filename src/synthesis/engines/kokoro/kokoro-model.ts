import type ort from 'onnxruntime-node';
import { ModelError } from '../model-error.js';
import { onnxRuntime, openOnnxSession, readInference } from '../onnx-session.js';
import { kokoroStyleSize } from './kokoro-voices.js';


/** Kokoro speaks at 24 kHz. */
export const kokoroSampleRate = 24000;
/** Samples per frame of the durations Kokoro predicts (its `duration` output): 24000 / 40. */
export const kokoroFrameSamples = 600;

export interface KokoroInference {
  samples: Float32Array;
  /** Samples each id lasted (pads included), when the model exports its durations; else null. */
  idSamples: number[] | null;
}

/**
 * A Kokoro graph in ONNX Runtime. Both published signatures load: kokoro-onnx's (`tokens`, `style`,
 * `speed` float32 → `audio`) and the official export's (`input_ids`, `style`, `speed` → `waveform`,
 * `duration`). An int32 `speed` (some exports) cannot slow down by fractions, so such a model is
 * run at speed 1 and the rate is left to Orator's DSP.
 */
export class KokoroModel {
  private constructor(
    readonly path: string,
    private readonly session: ort.InferenceSession,
    private readonly idsInput: string,
    readonly speedType: 'float32' | 'int32',
    private readonly audioOutput: string,
    private readonly durationsOutput: string | null,
  ) {}

  static async load(path: string): Promise<KokoroModel> {
    const { session, signature } = await openOnnxSession(path, (opened) => kokoroSignature(opened, path));
    return new KokoroModel(path, session, signature.idsInput, signature.speedType, signature.audioOutput, signature.durationsOutput);
  }

  /** One call: `0 tokens… 0`, the voice's style row, the speed. */
  async infer(tokens: readonly number[], style: Float32Array, speed: number): Promise<KokoroInference> {
    const ort = await onnxRuntime();
    const ids = [0, ...tokens, 0];
    const feeds: Record<string, ort.Tensor> = {
      [this.idsInput]: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), [1, ids.length]),
      style: new ort.Tensor('float32', Float32Array.from(style), [1, kokoroStyleSize]),
      speed: this.speedType === 'float32' ? new ort.Tensor('float32', Float32Array.of(speed), [1]) : new ort.Tensor('int32', Int32Array.of(Math.max(1, Math.round(speed))), [1]),
    };
    const results = await this.session.run(feeds);
    return readInference(results, { audio: this.audioOutput, durations: this.durationsOutput }, ids.length, kokoroFrameSamples);
  }

  release(): Promise<void> {
    return this.session.release();
  }
}

/** True when a graph's inputs are Kokoro's (so the installer can tell a Kokoro model from a Piper one). */
export async function isKokoroGraph(path: string): Promise<boolean> {
  const ort = await onnxRuntime();
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(path);
  } catch {
    return false;
  }
  const names = session.inputNames;
  await session.release();
  return names.includes('style') && names.includes('speed') && (names.includes('input_ids') || names.includes('tokens'));
}

function kokoroSignature(session: ort.InferenceSession, path: string) {
  const mismatch = (what: string) => new ModelError('config_mismatch', `${path}: ${what}`);
  const inputs = new Map(session.inputMetadata.map((m) => [m.name, m.isTensor ? m.type : 'non-tensor']));
  const idsInput = inputs.has('input_ids') ? 'input_ids' : inputs.has('tokens') ? 'tokens' : null;
  if (!idsInput || !inputs.has('style') || !inputs.has('speed')) {
    throw mismatch(`the model's inputs (${[...inputs.keys()].join(', ')}) are not Kokoro's (input_ids or tokens, style, speed); it is not a Kokoro model`);
  }
  if (inputs.get(idsInput) !== 'int64') throw mismatch(`input "${idsInput}" is ${inputs.get(idsInput)}, Kokoro's is int64`);
  if (inputs.get('style') !== 'float32') throw mismatch(`input "style" is ${inputs.get('style')}, Kokoro's is float32`);
  const speedType = inputs.get('speed');
  if (speedType !== 'float32' && speedType !== 'int32') throw mismatch(`input "speed" is ${speedType}, Kokoro's is float32 (or int32)`);
  const extra = [...inputs.keys()].filter((name) => ![idsInput, 'style', 'speed'].includes(name));
  if (extra.length > 0) throw mismatch(`the model takes inputs Kokoro does not (${extra.join(', ')})`);
  const outputs = session.outputNames;
  const audioOutput = outputs.find((name) => name === 'waveform' || name === 'audio');
  if (!audioOutput) throw mismatch(`the model has no output "waveform" or "audio" (outputs: ${outputs.join(', ')})`);
  const durationsOutput = outputs.find((name) => name !== audioOutput) ?? null;
  return { idsInput, speedType: speedType as 'float32' | 'int32', audioOutput, durationsOutput };
}

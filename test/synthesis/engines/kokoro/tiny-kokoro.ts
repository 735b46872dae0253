import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { FLOAT, INT32, INT64, intAttr, node, onnx, scalarFloat, scalarInt, valueInfo } from '../onnx-graph.js';


/** Samples per duration frame of Kokoro (24000 / 40), and of this model. */
export const tinyFrame = 600;
export const tinyRows = 510;

export interface TinyKokoroOptions {
  /** `input_ids` (official export, onnx-community) or `tokens` (kokoro-onnx). */
  idsName?: 'input_ids' | 'tokens';
  /** Adds the official export's second output `duration` (int64 frames per id). */
  durations?: boolean;
  /** The name of the audio output: `waveform` (official) or `audio` (kokoro-onnx). */
  audioName?: string;
  /** A wrong signature for the bad-model tests: `style` as int64. */
  styleType?: 'float32' | 'int64';
  /** `speed` as int32, as some exports declare it. */
  speedType?: 'float32' | 'int32';
}

/**
 * A graph with Kokoro's exact signature: `input_ids` int64 [1,N] (0-padded at both ends), `style`
 * float32 [1,256], `speed` float32 [1] → `waveform` float32 [T] (24 kHz), optionally `duration`.
 * Each id lasts ceil((2 + id mod 3) / speed) frames of 600 samples, so the length follows the ids
 * and the speed; the audio is a sine of 150 + 100·style[0] Hz with amplitude style[1], so the voice
 * (style[0]) and the style row chosen (style[1] = 0.1 + row/1000 in the tiny voices) are audible.
 */
export function buildTinyKokoro(options: TinyKokoroOptions = {}): Uint8Array {
  const ids = options.idsName ?? 'input_ids';
  const int32Speed = options.speedType === 'int32';
  const constants = [
    scalarInt('three_i', 3),
    scalarFloat('zero_f', 0),
    scalarFloat('one_f', 1),
    scalarFloat('two_f', 2),
    scalarFloat('frame_f', tinyFrame),
    scalarFloat('base_hz', 150),
    scalarFloat('hz_per_style', 100),
    scalarFloat('radians_per_hz', (2 * Math.PI) / 24000),
    { name: 'index0', dataType: INT64, dims: [1], int64Data: [0] },
    { name: 'index1', dataType: INT64, dims: [1], int64Data: [1] },
    { name: 'flat', dataType: INT64, dims: [1], int64Data: [-1] },
  ];
  const nodes = [
    node('Mod', [ids, 'three_i'], ['id_mod']),
    node('Cast', ['id_mod'], ['id_mod_f'], [intAttr('to', FLOAT)]),
    node('Add', ['id_mod_f', 'two_f'], ['base_frames']),
    ...(int32Speed ? [node('Cast', ['speed'], ['speed_f'], [intAttr('to', FLOAT)])] : []),
    node('Div', ['base_frames', int32Speed ? 'speed_f' : 'speed'], ['scaled_frames']),
    node('Ceil', ['scaled_frames'], ['frames']),
    node('ReduceSum', ['frames'], ['total_frames'], [intAttr('keepdims', 0)]),
    node('Mul', ['total_frames', 'frame_f'], ['total_samples']),
    node('Range', ['zero_f', 'total_samples', 'one_f'], ['t']),
    ...(options.styleType === 'int64' ? [node('Cast', ['style'], ['style_f'], [intAttr('to', FLOAT)])] : []),
    node('Gather', [options.styleType === 'int64' ? 'style_f' : 'style', 'index0'], ['s0'], [intAttr('axis', 1)]),
    node('Gather', [options.styleType === 'int64' ? 'style_f' : 'style', 'index1'], ['s1'], [intAttr('axis', 1)]),
    node('Reshape', ['s0', 'flat'], ['s0_flat']),
    node('Reshape', ['s1', 'flat'], ['gain']),
    node('Mul', ['s0_flat', 'hz_per_style'], ['hz_offset']),
    node('Add', ['hz_offset', 'base_hz'], ['hz']),
    node('Mul', ['hz', 'radians_per_hz'], ['omega']),
    node('Mul', ['t', 'omega'], ['phase']),
    node('Sin', ['phase'], ['tone']),
    node('Mul', ['tone', 'gain'], [options.audioName ?? 'waveform']),
  ];
  const outputs = [valueInfo(options.audioName ?? 'waveform', FLOAT, ['time'])];
  if (options.durations) {
    nodes.push(node('Cast', ['frames'], ['frames_i'], [intAttr('to', INT64)]), node('Reshape', ['frames_i', 'flat'], ['duration']));
    outputs.push(valueInfo('duration', INT64, ['ids']));
  }
  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'orator-tests',
    opsetImport: [{ domain: '', version: 13 }],
    graph: {
      name: 'tiny-kokoro',
      node: nodes,
      initializer: constants,
      input: [valueInfo(ids, INT64, [1, 'ids']), valueInfo('style', options.styleType === 'int64' ? INT64 : FLOAT, [1, 256]), valueInfo('speed', int32Speed ? INT32 : FLOAT, [1])],
      output: outputs,
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

/** The style rows of a tiny voice: row r is [s0, 0.1 + r/1000, 0, …]. */
export function tinyStyles(s0: number): Float32Array {
  const styles = new Float32Array(tinyRows * 256);
  for (let r = 0; r < tinyRows; r++) {
    styles[r * 256] = s0;
    styles[r * 256 + 1] = 0.1 + r / 1000;
  }
  return styles;
}

/** numpy's `.npy` v1.0 of a float32 array (header padded to 64 bytes, as numpy writes it). */
export function npy(data: Float32Array, shape: number[]): Buffer {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape.join(', ')}${shape.length === 1 ? ',' : ''}), }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
}

/** The tiny voices: `voice name → style[0]`, so each voice speaks at its own pitch. */
export const tinyVoices: Record<string, number> = { af_tiny: 0, bm_tiny: 1, ef_tiny: 0.5 };

/** An npz (zip of `.npy`) of the tiny voices, shaped [510,1,256] like `voices-v1.0.bin`. */
export function tinyVoicesNpz(voices: Record<string, number> = tinyVoices): Buffer {
  const zip = new AdmZip();
  for (const [name, s0] of Object.entries(voices)) zip.addFile(`${name}.npy`, npy(tinyStyles(s0), [tinyRows, 1, 256]));
  return zip.toBuffer();
}

/** Writes a published-style pair (`NAME.onnx` + `voices-NAME.bin`) into `dir`; returns both paths. */
export function writeTinyKokoro(dir: string, name: string, options: TinyKokoroOptions = {}): { onnx: string; voices: string } {
  mkdirSync(dir, { recursive: true });
  const onnx = path.join(dir, `${name}.onnx`);
  const voices = path.join(dir, `voices-${name}.bin`);
  writeFileSync(onnx, buildTinyKokoro(options));
  writeFileSync(voices, tinyVoicesNpz());
  return { onnx, voices };
}

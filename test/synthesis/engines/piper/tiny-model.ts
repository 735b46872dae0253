import { FLOAT, INT64, intAttr, node, onnx, scalarFloat, scalarInt, valueInfo } from '../onnx-graph.js';

/** Samples per frame of every Piper (VITS) voice, and of this model's `durations` output. */
export const tinyHop = 256;
export const tinySampleRate = 16000;

export interface TinyModelOptions {
  /** Adds the `sid` input; the tone's pitch and harmonic weight follow it. */
  multiSpeaker?: boolean;
  /** Adds a second output `durations` [1,1,N]: frames per phoneme id, as Piper's alignment patch does. */
  alignments?: boolean;
}

/**
 * A graph with Piper's exact signature (inputs `input` int64 [1,N], `input_lengths` int64 [1],
 * `scales` float32 [3] = noise, length, noise_w, optional `sid` int64 [1]; output `output`
 * float32 [1,1,1,T]). Each id lasts ceil(length_scale · (2 + id mod 3)) frames of 256 samples, so
 * the output's length follows the ids and `length_scale`; the audio is a tone of 180 + 70·sid Hz
 * with a third harmonic weighted 0.1 + 0.4·sid, so speakers differ in pitch and timbre.
 */
export function buildTinyModel(options: TinyModelOptions = {}): Uint8Array {
  const constants = [
    scalarInt('one_i', 1),
    scalarInt('three_i', 3),
    scalarFloat('zero_f', 0),
    scalarFloat('one_f', 1),
    scalarFloat('two_f', 2),
    scalarFloat('hop_f', tinyHop),
    scalarFloat('gain_f', 0.3),
    scalarFloat('three_f', 3),
    scalarFloat('radians_per_hz', (2 * Math.PI) / tinySampleRate),
    { name: 'out_shape', dataType: INT64, dims: [4], int64Data: [1, 1, 1, -1] },
  ];
  const nodes = [
    node('Gather', ['scales', 'one_i'], ['length_scale'], [intAttr('axis', 0)]),
    node('Mod', ['input', 'three_i'], ['id_mod']),
    node('Cast', ['id_mod'], ['id_mod_f'], [intAttr('to', FLOAT)]),
    node('Add', ['id_mod_f', 'two_f'], ['base_frames']),
    node('Mul', ['base_frames', 'length_scale'], ['scaled_frames']),
    node('Ceil', ['scaled_frames'], ['frames']),
    node('ReduceSum', ['frames'], ['total_frames'], [intAttr('keepdims', 0)]),
    node('Mul', ['total_frames', 'hop_f'], ['total_samples']),
    node('Range', ['zero_f', 'total_samples', 'one_f'], ['t']),
  ];
  if (options.multiSpeaker) {
    constants.push(scalarFloat('hz_per_speaker', 70), scalarFloat('base_hz', 180), scalarFloat('weight_per_speaker', 0.4), scalarFloat('base_weight', 0.1));
    nodes.push(
      node('Cast', ['sid'], ['sid_f'], [intAttr('to', FLOAT)]),
      node('Mul', ['sid_f', 'hz_per_speaker'], ['hz_offset']),
      node('Add', ['hz_offset', 'base_hz'], ['hz']),
      node('Mul', ['sid_f', 'weight_per_speaker'], ['weight_offset']),
      node('Add', ['weight_offset', 'base_weight'], ['weight']),
    );
  } else {
    constants.push(scalarFloat('hz', 180), scalarFloat('weight', 0.1));
  }
  nodes.push(
    node('Mul', ['hz', 'radians_per_hz'], ['omega']),
    node('Mul', ['t', 'omega'], ['phase']),
    node('Sin', ['phase'], ['fundamental']),
    node('Mul', ['phase', 'three_f'], ['phase3']),
    node('Sin', ['phase3'], ['third']),
    node('Mul', ['third', 'weight'], ['third_weighted']),
    node('Add', ['fundamental', 'third_weighted'], ['tone']),
    node('Mul', ['tone', 'gain_f'], ['wave']),
    node('Reshape', ['wave', 'out_shape'], ['output']),
  );
  const inputs = [
    valueInfo('input', INT64, [1, 'phonemes']),
    valueInfo('input_lengths', INT64, [1]),
    valueInfo('scales', FLOAT, [3]),
  ];
  if (options.multiSpeaker) inputs.push(valueInfo('sid', INT64, [1]));
  const outputs = [valueInfo('output', FLOAT, [1, 1, 1, 'time'])];
  if (options.alignments) {
    nodes.push(node('Unsqueeze', ['frames', 'zero_axis'], ['durations']));
    constants.push({ name: 'zero_axis', dataType: INT64, dims: [1], int64Data: [0] });
    outputs.push(valueInfo('durations', FLOAT, [1, 1, 'phonemes']));
  }
  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: 'orator-tests',
    opsetImport: [{ domain: '', version: 13 }],
    graph: { name: 'tiny-piper', node: nodes, initializer: constants, input: inputs, output: outputs },
  });
  return onnx.ModelProto.encode(model).finish();
}

/** The `.onnx.json` of Piper's format for the tiny model: a small English/German/Spanish map. */
export function tinyModelConfig(options: { espeakVoice?: string; speakers?: string[]; language?: string; phonemes?: Record<string, number[]> } = {}) {
  const speakers = options.speakers ?? [];
  return {
    audio: { sample_rate: tinySampleRate, quality: 'x_low' },
    espeak: { voice: options.espeakVoice ?? 'en-us' },
    language: { code: options.language ?? 'en_US' },
    inference: { noise_scale: 0.667, length_scale: 1, noise_w: 0.8 },
    phoneme_type: 'espeak',
    phoneme_map: {},
    phoneme_id_map: options.phonemes ?? tinyPhonemeIdMap,
    num_symbols: 256,
    num_speakers: Math.max(1, speakers.length),
    speaker_id_map: Object.fromEntries(speakers.map((name, i) => [name, i])),
    piper_version: '1.0.0',
    dataset: 'tiny',
  };
}

/**
 * The start of Piper's own `phoneme_id_map` for espeak voices (ids 0–…): pad, BOS, EOS, space and
 * punctuation, then the IPA symbols. Ids of the symbols used by the tests' sentences are those of
 * Piper's published map, so expected ids read the same as in a real voice.
 */
export const tinyPhonemeIdMap: Record<string, number[]> = {
  _: [0], '^': [1], $: [2], ' ': [3], '!': [4], "'": [5], '(': [6], ')': [7], ',': [8], '-': [9], '.': [10], ':': [11], ';': [12], '?': [13],
  a: [14], b: [15], c: [16], d: [17], e: [18], f: [19], h: [20], i: [21], j: [22], k: [23], l: [24], m: [25], n: [26], o: [27], p: [28], q: [29], r: [30], s: [31], t: [32], u: [33], v: [34], w: [35], x: [36], y: [37], z: [38],
  æ: [39], ç: [40], ð: [41], ø: [42], ħ: [43], ŋ: [44], œ: [45], ǀ: [46], ǁ: [47], ǂ: [48], ǃ: [49], ɐ: [50], ɑ: [51], ɒ: [52], ɓ: [53], ɔ: [54], ɕ: [55], ɖ: [56], ɗ: [57], ɘ: [58], ə: [59], ɚ: [60], ɛ: [61], ɜ: [62], ɞ: [63], ɟ: [64], ɠ: [65], ɡ: [66], ɢ: [67], ɣ: [68], ɤ: [69], ɥ: [70], ɦ: [71], ɧ: [72], ɨ: [73], ɪ: [74], ɫ: [75], ɬ: [76], ɭ: [77], ɮ: [78], ɯ: [79], ɰ: [80], ɱ: [81], ɲ: [82], ɳ: [83], ɴ: [84], ɵ: [85], ɶ: [86], ɸ: [87], ɹ: [88], ɺ: [89], ɻ: [90], ɽ: [91], ɾ: [92], ʀ: [93], ʁ: [94], ʂ: [95], ʃ: [96], ʄ: [97], ʈ: [98], ʉ: [99], ʊ: [100], ʋ: [101], ʌ: [102], ʍ: [103], ʎ: [104], ʏ: [105], ʐ: [106], ʑ: [107], ʒ: [108], ʔ: [109], ʕ: [110], ʘ: [111], ʙ: [112], ʛ: [113], ʜ: [114], ʝ: [115], ʟ: [116], ʡ: [117], ʢ: [118], ʲ: [119], ˈ: [120], ˌ: [121], ː: [122], ˑ: [123], '˞': [124], β: [125], θ: [126], χ: [127], ᵻ: [128], ⱱ: [129],
  '\u0303': [141],
};

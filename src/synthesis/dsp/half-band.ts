import { halfBandKernelBytes, type HalfBandRun } from './half-band-kernel.js';
import { instantiate, memoryOf, type Kernel } from './wasm-bytes.js';
import { kaiserWindow } from './kaiser-window.js';

/**
 * Upsampling by exactly 2 (eSpeak's 22.05 → 44.1 kHz) with a half-band filter: a lowpass whose
 * cutoff is the input's Nyquist frequency has, at the input's own instants, every tap zero but the
 * centre one. So the even outputs are the input samples themselves and only the odd ones are
 * computed, each from `reach` coefficients applied to pairs of inputs (the filter is symmetric).
 *
 * The price of that: the filter's −6 dB point sits at the input's Nyquist frequency (11.025 kHz)
 * and its transition is mirrored about it, so whatever it lets through below 11.025 kHz comes back
 * as an image just above. eSpeak speaks up to its Nyquist frequency (10.5–11 kHz at −44 dB of the
 * total), so keeping the images above 11.5 kHz as far down as Speex quality 3 does (−101 dB on
 * eSpeak's speech, `npm run bench:resample-quality`) takes a sharp transition: 52 coefficients a
 * side, Kaiser β 10. Flat (±0.0001 dB) to ~9.6 kHz, −0.2 dB at 10 kHz where quality 3 is at
 * −4.4 dB, ≥ 99 dB down from ~13 kHz. Its cost is about that of quality 3's whole-factor kernel
 * (polyphase.ts: 48 taps for each of the two outputs of an input sample; here 52 adds of pairs and
 * 52 multiply-adds for one, the other free); see docs/performance.md, "A half-band upsampler".
 */

/** Coefficients a side: each odd output reads 2 × reach inputs. */
export const halfBandReach = 52;
/** Kaiser β: ~100 dB of stopband. */
export const halfBandBeta = 10;

/**
 * One side of the odd outputs' filter: c[k] weighs x[m − k] and x[m + 1 + k] for the output
 * half-way between x[m] and x[m + 1], i.e. the sinc at ±(k + ½) input samples, windowed, scaled so
 * that a constant comes out unchanged.
 */
export function halfBandCoefficients(reach = halfBandReach, beta = halfBandBeta): number[] {
  const kaiserWeight = kaiserWindow(beta);
  const c: number[] = [];
  for (let k = 0; k < reach; k++) {
    const distance = k + 0.5;
    const sinc = Math.sin(Math.PI * distance) / (Math.PI * distance);
    // The window spans ±reach input samples; its ends fall just past the last taps.
    const ratio = distance / reach;
    c.push(sinc * kaiserWeight(ratio));
  }
  const gain = 2 * c.reduce((sum, value) => sum + value, 0);
  return c.map((value) => value / gain);
}

/** Input samples per kernel call: bounds the module's memory whatever the length of the speech. */
const chunkInputs = 1 << 13;

/** A kernel and its coefficients, per reach and β: built once, not on every sentence. */
const kernels = new Map<string, { kernel: Kernel<HalfBandRun>; coefficients: number[] }>();

/**
 * `input` at twice its rate: 2 · input.length samples, output 2m being input m and 2m + 1 the
 * filter's value half-way to m + 1 (samples outside the input count as silence), so it starts at
 * the same instant as the input, as `resample` promises.
 */
export function halfBandUpsample(input: Float32Array, reach = halfBandReach, beta = halfBandBeta): Float32Array {
  const key = `${reach}:${beta}`;
  let built = kernels.get(key);
  if (!built) {
    built = { kernel: instantiate<HalfBandRun>(halfBandKernelBytes(reach)), coefficients: halfBandCoefficients(reach, beta) };
    kernels.set(key, built);
  }
  const { kernel, coefficients } = built;
  const tableBytes = 16 * reach;
  const outLength = 2 * input.length;
  const inCapacity = chunkInputs + 2 * reach + 8;
  const inAt = tableBytes >> 2;
  const outAt = tableBytes + Math.ceil((inCapacity * 4) / 16) * 16;
  const heap = new Float32Array(memoryOf(kernel, outAt + 2 * chunkInputs * 4));
  // Each coefficient in four lanes, at the start of the module's memory (half-band-kernel.ts).
  coefficients.forEach((value, k) => heap.fill(value, 4 * k, 4 * k + 4));
  const output = new Float32Array(outLength);
  for (let start = 0; start < input.length; start += chunkInputs) {
    const count = Math.min(chunkInputs, input.length - start);
    const steps = Math.ceil(count / 8);
    // Input window: reach − 1 samples before the chunk, reach after its last step.
    const from = start - (reach - 1);
    const to = start + 8 * steps + reach;
    const inside0 = Math.max(0, from);
    const inside1 = Math.min(input.length, to);
    heap.fill(0, inAt, inAt + inside0 - from);
    heap.set(input.subarray(inside0, inside1), inAt + inside0 - from);
    heap.fill(0, inAt + inside1 - from, inAt + to - from);
    kernel.run(outAt, steps, tableBytes, 0);
    output.set(heap.subarray(outAt >> 2, (outAt >> 2) + 2 * count), 2 * start);
  }
  return output;
}

import { polyphaseKernelBytes, wholeFactorKernelBytes, type PolyphaseRun, type WholeFactorRun } from './polyphase-kernel.js';
import { instantiate, memoryOf, type Kernel } from './wasm-bytes.js';
import { kaiserWindow } from './kaiser-window.js';

/**
 * Upsampling by a rational ratio with a tabled polyphase filter: every phase's taps computed once
 * (a windowed sinc), each output one dot product in WebAssembly SIMD (polyphase-kernel.ts).
 *
 * It computes what Speex's "direct" path computes, with Speex's filter for the quality (length,
 * passband edge, Kaiser window): output j, at input time t = j · from / to, is
 * Σ_k x[k] · sinc(k − t) over the `taps` input samples nearest t. Speex itself tables the phases
 * only when there are few of them; at 16 → 44.1 kHz (441 phases) it interpolates between 8–16
 * tabled ones per tap instead, four multiply-adds per tap, which made it most of the pool thread's
 * time on Flite (docs/performance.md). 441 phases × 48 taps is an 85 KB table.
 */

/** Speex's filter per quality (resample.c's quality_map): taps, upsampling passband edge, Kaiser β. */
const speexFilters: readonly { taps: number; cutoff: number; beta: number }[] = [
  { taps: 8, cutoff: 0.86, beta: 6 },
  { taps: 16, cutoff: 0.88, beta: 6 },
  { taps: 32, cutoff: 0.91, beta: 6 },
  { taps: 48, cutoff: 0.917, beta: 8 },
  { taps: 64, cutoff: 0.94, beta: 8 },
  { taps: 80, cutoff: 0.94, beta: 10 },
  { taps: 96, cutoff: 0.945, beta: 10 },
  { taps: 128, cutoff: 0.95, beta: 10 },
  { taps: 160, cutoff: 0.96, beta: 10 },
  { taps: 192, cutoff: 0.968, beta: 12 },
  { taps: 256, cutoff: 0.975, beta: 12 },
];

/** Larger tables (rates sharing few factors) go to Speex, which interpolates instead. */
const maxTableFloats = 1 << 18;
/** Outputs per kernel call: bounds the module's memory whatever the length of the speech. */
const chunkOutputs = 1 << 14;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

interface Plan {
  /** Reduced ratio: output j sits at input time j · num / den. */
  num: number;
  den: number;
  taps: number;
  /** den rows of `taps` coefficients. */
  table: Float32Array;
}

const plans = new Map<string, Plan>();

function planFor(fromRate: number, toRate: number, quality: number): Plan | undefined {
  const key = `${fromRate}:${toRate}:${quality}`;
  const known = plans.get(key);
  if (known) return known;
  const filter = speexFilters[quality];
  const common = gcd(fromRate, toRate);
  const num = fromRate / common;
  const den = toRate / common;
  if (!filter || den * filter.taps > maxTableFloats) return undefined;
  const { taps, cutoff, beta } = filter;
  const kaiserWeight = kaiserWindow(beta);
  const table = new Float32Array(den * taps);
  for (let phase = 0; phase < den; phase++) {
    const fraction = phase / den;
    for (let k = 0; k < taps; k++) {
      // Distance from the output's instant to input sample k of its window, in input samples.
      const distance = k - taps / 2 + 1 - fraction;
      const scaled = 2 * Math.abs(distance) / taps;
      let value = 0;
      if (Math.abs(distance) < 1e-6) value = cutoff;
      else if (scaled <= 1) {
        const argument = Math.PI * distance * cutoff;
        value = (cutoff * Math.sin(argument)) / argument * kaiserWeight(scaled);
      }
      table[phase * taps + k] = value;
    }
  }
  const plan = { num, den, taps, table };
  if (plans.size >= 16) plans.clear();
  plans.set(key, plan);
  return plan;
}

/** One module per filter length (the taps are unrolled into its code), made on first use. */
const kernels = new Map<number, Kernel<PolyphaseRun>>();

function kernelFor(taps: number): Kernel<PolyphaseRun> {
  let kernel = kernels.get(taps);
  if (!kernel) {
    kernel = instantiate<PolyphaseRun>(polyphaseKernelBytes(taps));
    kernels.set(taps, kernel);
  }
  return kernel;
}

const wholeFactorKernels = new Map<string, Kernel<WholeFactorRun>>();

/** The kernel for upsampling by a whole factor of 2–4, if this is one (num 1). */
function wholeFactorKernelFor(plan: Plan): Kernel<WholeFactorRun> | undefined {
  if (plan.num !== 1 || plan.den > 4 || plan.taps % 8 !== 0) return undefined;
  const key = `${plan.taps}:${plan.den}`;
  let kernel = wholeFactorKernels.get(key);
  if (!kernel) {
    kernel = instantiate<WholeFactorRun>(wholeFactorKernelBytes(plan.taps, plan.den));
    wholeFactorKernels.set(key, kernel);
  }
  return kernel;
}

/** Whether `polyphaseResample` takes this conversion (upsampling with a table of bounded size). */
export function polyphaseHandles(fromRate: number, toRate: number, quality: number): boolean {
  return toRate > fromRate && planFor(fromRate, toRate, quality) !== undefined;
}

/**
 * `input` at `toRate`, exactly `outLength` samples, starting at the same instant as the input
 * (samples before and after it count as silence).
 */
export function polyphaseResample(input: Float32Array, fromRate: number, toRate: number, quality: number, outLength: number): Float32Array {
  const plan = planFor(fromRate, toRate, quality);
  if (!plan) throw new RangeError(`no polyphase table for ${fromRate} → ${toRate} Hz at quality ${quality}`);
  const { num, den, taps, table } = plan;
  const wholeFactor = wholeFactorKernelFor(plan);
  const kernel = wholeFactor ?? kernelFor(taps);
  // A whole-factor chunk starts at phase 0 and ends on a whole group.
  const chunk = wholeFactor ? chunkOutputs - (chunkOutputs % den) : chunkOutputs;
  const reach = taps / 2 - 1;
  const inCapacity = Math.ceil((chunk * num) / den) + taps + 2;
  const tableBytes = table.length * 4;
  const inAt = tableBytes;
  const outAt = inAt + inCapacity * 4;
  const needed = outAt + chunk * 4;
  const heap = new Float32Array(memoryOf(kernel, needed));
  heap.set(table, 0);

  const output = new Float32Array(outLength);
  for (let start = 0; start < outLength; start += chunk) {
    const count = Math.min(chunk, outLength - start);
    // Exact integer positions: start · num stays far below 2^53.
    const base = Math.floor((start * num) / den);
    const phase = (start * num) % den;
    // The whole-factor kernel writes whole groups: a last partial one reads up to den − 1 outputs on.
    const last = Math.floor(((start + count - 1 + (wholeFactor ? den - 1 : 0)) * num) / den);
    // Input window of this chunk: from `reach` before its first output's sample to taps/2 after
    // its last one's, with silence outside the speech.
    const from = base - reach;
    const to = last + taps / 2 + 1;
    const inHeap = inAt >> 2;
    const inside0 = Math.max(0, from);
    const inside1 = Math.min(input.length, to);
    if (inside1 > inside0) {
      // Zeros only where the window reaches past the speech (its ends), the speech copied once.
      heap.fill(0, inHeap, inHeap + (inside0 - from));
      heap.set(input.subarray(inside0, inside1), inHeap + (inside0 - from));
      heap.fill(0, inHeap + (inside1 - from), inHeap + (to - from));
    } else heap.fill(0, inHeap, inHeap + (to - from));
    if (wholeFactor) wholeFactor.run(outAt, Math.ceil(count / den), inAt, 0);
    else kernelFor(taps).run(outAt, count, inAt, 0, phase, num % den, Math.floor(num / den) * 4, den);
    output.set(heap.subarray(outAt >> 2, (outAt >> 2) + count), start);
  }
  return output;
}

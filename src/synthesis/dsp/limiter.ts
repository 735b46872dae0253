/** Peak ceiling used when a stage must keep samples from clipping: −1 dBFS. */
export const defaultCeiling = 10 ** (-1 / 20);

const lookAheadSeconds = 0.005;
const releaseSeconds = 0.08;

/**
 * A look-ahead peak limiter: returns `input` with every sample's magnitude at or below `ceiling`
 * (`input` itself when no sample is above it). The gain needed at each sample is spread ±5 ms by a sliding
 * minimum and smoothed by a moving average over the same span (so it starts falling 5 ms before a
 * peak and never lets one through), then recovers with an 80 ms release. It is computed on the
 * whole signal at once, so it has no latency. Peaks between samples may still exceed the ceiling
 * slightly (sample peak, not true peak).
 */
export function limitPeaks(input: Float32Array, sampleRate: number, ceiling = defaultCeiling): Float32Array {
  const n = input.length;
  let peak = 0;
  for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(input[i]));
  if (peak <= ceiling) return input;

  const radius = Math.max(1, Math.round(lookAheadSeconds * sampleRate));
  const needed = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const magnitude = Math.abs(input[i]);
    needed[i] = magnitude > ceiling ? ceiling / magnitude : 1;
  }
  const floor = slidingMinimum(needed, radius);
  // Every value averaged at i comes from a minimum over a window that contains i, so the average
  // is still at most needed[i]: smoothing cannot let a peak through.
  const smooth = movingAverage(floor, radius);
  const recovery = 1 - Math.exp(-1 / (releaseSeconds * sampleRate));
  const output = new Float32Array(n);
  let gain = 1;
  for (let i = 0; i < n; i++) {
    gain = Math.min(smooth[i], gain + (1 - gain) * recovery);
    const value = input[i] * gain;
    // Float rounding in the average could leave a sample a hair above the ceiling.
    output[i] = Math.max(-ceiling, Math.min(ceiling, value));
  }
  return output;
}

/** Minimum of `values` over [i − radius, i + radius] for each i (van Herk/Gil-Werman blocks). */
function slidingMinimum(values: Float32Array, radius: number): Float32Array {
  const n = values.length;
  const span = 2 * radius + 1;
  const forward = new Float32Array(n);
  const backward = new Float32Array(n);
  for (let i = 0; i < n; i++) forward[i] = i % span === 0 ? values[i] : Math.min(forward[i - 1], values[i]);
  for (let i = n - 1; i >= 0; i--) backward[i] = i === n - 1 || (i + 1) % span === 0 ? values[i] : Math.min(backward[i + 1], values[i]);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const low = Math.max(0, i - radius);
    const high = Math.min(n - 1, i + radius);
    out[i] = Math.min(backward[low], forward[high]);
  }
  return out;
}

/** Mean of `values` over [i − radius, i + radius], the window clipped at the ends. */
function movingAverage(values: Float32Array, radius: number): Float32Array {
  const n = values.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i] + values[i];
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const low = Math.max(0, i - radius);
    const high = Math.min(n - 1, i + radius);
    out[i] = (prefix[high + 1] - prefix[low]) / (high - low + 1);
  }
  return out;
}

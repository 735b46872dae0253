import { floatToInt16Simd } from './int16-kernel.js';

const simdFrom = 256;

/**
 * Float samples to 16-bit integers: × 32768, rounded to nearest, clipped to [−32768, 32767].
 * The same scale as `int16ToFloat`, so 16-bit audio survives a round trip bit for bit. `out`, when
 * given (at least as long as `samples`), receives them: a WAV body is written in place that way.
 */
export function floatToInt16(samples: Float32Array): Int16Array<ArrayBuffer>;
export function floatToInt16<T extends Int16Array>(samples: Float32Array, out: T): T;
export function floatToInt16(samples: Float32Array, out: Int16Array = new Int16Array(samples.length)): Int16Array {
  // Long runs of samples go eight at a time through WebAssembly (same result, a fraction of the
  // cost); short ones and the last few samples through this loop, for which a call costs too much.
  const simdLength = samples.length >= simdFrom ? samples.length & ~7 : 0;
  if (simdLength) floatToInt16Simd(samples.subarray(0, simdLength), out);
  for (let i = simdLength; i < samples.length; i++) {
    // floor(x + 0.5) is Math.round exactly here (a float32 × 2^15 plus 0.5 is exact in a double),
    // and V8 runs it about six times faster: this loop is on every WAV answer.
    const value = Math.floor(samples[i] * 32768 + 0.5);
    // NaN compares false both ways and becomes 0 through the Int16Array store.
    out[i] = value > 32767 ? 32767 : value < -32768 ? -32768 : value;
  }
  return out;
}

export function int16ToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i] / 32768;
  return out;
}

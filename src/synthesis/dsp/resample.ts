import type { Pcm } from '../audio.js';
import { halfBandUpsample } from './half-band.js';
import { polyphaseHandles, polyphaseResample } from './polyphase.js';
import { speexModule } from './wasm-modules.js';

/**
 * Speex quality 0–10. At 8 the stopband already sits over 100 dB down (below 16-bit resolution;
 * measured on tones folded from 44.1 to 16 kHz), at about half the cost of 10 when downsampling.
 */
export const defaultResampleQuality = 8;

/**
 * Quality for bringing an engine's speech up to the output rate (Flite 16 kHz and eSpeak 22.05 kHz
 * to 44.1 kHz), chosen by `npm run bench:resample-quality` (numbers in docs/performance.md): against
 * quality 8, bands 4–7 kHz move by under 0.3 dB, the top band below the engine's Nyquist frequency
 * loses about 2 dB (the passband ends at 90 % instead of 96 % of it, where the engines put
 * little), images above it stay about 100 dB down, pocketsphinx recognises the same words, and
 * it costs a fifth of quality 8 (48 taps a phase against 160, through the polyphase table).
 * Downsampling keeps quality 8: there the filter guards against aliases folding into the band.
 */
export const upsamplingQuality = 3;

/** The quality `resample` uses when none is given: by direction, see upsamplingQuality. */
export function qualityFor(fromRate: number, toRate: number): number {
  return toRate > fromRate ? upsamplingQuality : defaultResampleQuality;
}

const chunkFrames = 1 << 15;

/**
 * `pcm` at `targetRate`. Without a quality, doubling the rate (eSpeak's 22.05 → 44.1 kHz) goes
 * through the half-band filter (half-band.ts: the even samples are the input's, images as far down
 * as quality 3's, the top of the band kept). Otherwise through Speex's windowed-sinc filter for the
 * quality (by default qualityFor's): upsampling runs it as
 * a tabled polyphase filter in WebAssembly SIMD (polyphase.ts; the same filter, ~4× cheaper than
 * Speex's own code at 16 → 44.1 kHz), downsampling and rates whose table would be too large
 * through the Speex resampler itself. The output holds exactly
 * round(n · target / source) samples and starts at the same instant as the input (the filter delay
 * is skipped and flushed), so times in seconds, and so word timings, stay valid unchanged.
 */
export async function resample<T extends Pcm>(pcm: T, targetRate: number, givenQuality?: number): Promise<T> {
  for (const rate of [pcm.sampleRate, targetRate]) {
    if (!Number.isInteger(rate) || rate <= 0) throw new RangeError(`invalid sample rate ${rate}`);
  }
  if (pcm.sampleRate === targetRate) return { ...pcm, samples: pcm.samples.slice() };
  if (givenQuality === undefined && targetRate === 2 * pcm.sampleRate) return { ...pcm, samples: halfBandUpsample(pcm.samples), sampleRate: targetRate };
  const quality = givenQuality ?? qualityFor(pcm.sampleRate, targetRate);
  const outLength = Math.round((pcm.samples.length * targetRate) / pcm.sampleRate);
  const samples = polyphaseHandles(pcm.sampleRate, targetRate, quality)
    ? polyphaseResample(pcm.samples, pcm.sampleRate, targetRate, quality, outLength)
    : await speexResample(pcm.samples, pcm.sampleRate, targetRate, quality, outLength);
  return { ...pcm, samples, sampleRate: targetRate };
}

/**
 * `resample` through Speex's own code whatever the direction: what the polyphase path is checked
 * against (resample.test.ts, bench/resample-quality.ts).
 */
export async function resampleWithSpeex<T extends Pcm>(pcm: T, targetRate: number, quality = qualityFor(pcm.sampleRate, targetRate)): Promise<T> {
  const outLength = Math.round((pcm.samples.length * targetRate) / pcm.sampleRate);
  return { ...pcm, samples: await speexResample(pcm.samples, pcm.sampleRate, targetRate, quality, outLength), sampleRate: targetRate };
}

async function speexResample(input: Float32Array, fromRate: number, toRate: number, quality: number, outLength: number): Promise<Float32Array> {
  const m = await speexModule();
  const outCapacity = Math.ceil((chunkFrames * toRate) / fromRate) + 64;
  // One allocation for the two length cells and the error cell, one each for the audio buffers.
  const cells = m._malloc(12);
  const inPointer = m._malloc(chunkFrames * 4);
  const outPointer = m._malloc(outCapacity * 4);
  let state = 0;
  try {
    if (!cells || !inPointer || !outPointer) throw new Error('WASM heap exhausted');
    state = m._speex_resampler_init(1, fromRate, toRate, quality, cells + 8);
    if (!state) throw new Error(`speex resampler refused ${fromRate} → ${toRate} Hz (error ${m.HEAP32[(cells + 8) >> 2]})`);
    m._speex_resampler_skip_zeros(state);
    // After the input, feed zeros for the filter's delay so its tail comes out too.
    const flush = m._speex_resampler_get_input_latency(state) + 1;
    const total = input.length + flush;
    // Written straight into an array of exactly outLength samples (the tail past it, from the
    // flush's zeros, is dropped): no second array of the whole speech and no copy into it. A short
    // tail, which is rare, leaves zeros at the end.
    const output = new Float32Array(outLength);
    let produced = 0;
    for (let consumed = 0; consumed < total && produced < outLength; ) {
      const take = Math.min(chunkFrames, total - consumed);
      const heap = m.HEAPF32;
      const real = Math.max(0, Math.min(take, input.length - consumed));
      heap.set(input.subarray(consumed, consumed + real), inPointer >> 2);
      heap.fill(0, (inPointer >> 2) + real, (inPointer >> 2) + take);
      m.HEAPU32[cells >> 2] = take;
      m.HEAPU32[(cells + 4) >> 2] = outCapacity;
      m._speex_resampler_process_float(state, 0, inPointer, cells, outPointer, cells + 4);
      const used = m.HEAPU32[cells >> 2];
      const made = Math.min(m.HEAPU32[(cells + 4) >> 2], outLength - produced);
      output.set(m.HEAPF32.subarray(outPointer >> 2, (outPointer >> 2) + made), produced);
      produced += made;
      consumed += used;
      if (used === 0 && made === 0) break;
    }
    return output;
  } finally {
    if (state) m._speex_resampler_destroy(state);
    m._free(outPointer);
    m._free(inPointer);
    m._free(cells);
  }
}

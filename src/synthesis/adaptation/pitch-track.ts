import { yinPeriod, type YinWindow } from '../analysis/yin.js';

/**
 * Pitch tracking for voice analysis with the shared YIN: 8 kHz, 25 ms integration window, lags for
 * 50–500 Hz, one frame per 10 ms (cloning analyses up to hours of audio).
 */
export const pitchRate = 8000;
const voiceWindow: YinWindow = { window: 200, minLag: 16, maxLag: 160, threshold: 0.15 };
const lags = voiceWindow.maxLag + 2;

/** Difference functions of a block's frames, reused from block to block. */
let scratch = new Float64Array(0);

/** Lags summed side by side per pass over a chunk (see `chunkDifferences`). */
const lagsAtOnce = 8;

/**
 * F0 in Hz (0 when unvoiced) for frames starting every `hop` samples of 8 kHz audio.
 *
 * Frames overlap (25 ms windows every 10 ms), so summing each frame's squared differences
 * directly adds every sample 2.5 times per lag. Instead the squared differences are summed once
 * per chunk of gcd(hop, window) samples and each frame adds up its chunks: the same YIN, in
 * about 40 % of the arithmetic. Chunks are taken one at a time with all their lags (the samples
 * stay in the fastest cache) and a frame is added up as soon as its last chunk is done, from a
 * ring of the chunks it spans.
 */
export function trackPitch(samples: Float32Array, hop = 80): { f0: Float64Array; firstCentre: number } {
  const { window, maxLag } = voiceWindow;
  const count = samples.length >= window + maxLag + 1 ? Math.floor((samples.length - window - maxLag - 1) / hop) + 1 : 0;
  const f0 = new Float64Array(count);
  const firstCentre = window / 2 / pitchRate;
  if (count === 0) return { f0, firstCentre };

  const chunk = gcd(hop, window);
  const hopChunks = hop / chunk;
  const windowChunks = window / chunk;
  const chunks = (count - 1) * hopChunks + windowChunks;
  if (scratch.length < count * lags) scratch = new Float64Array(count * lags);
  const differences = scratch;
  const ring = new Float64Array(windowChunks * lags);
  /** Where in the ring a frame's chunks lie, first to last. */
  const rows = new Int32Array(windowChunks);

  for (let c = 0; c < chunks; c++) {
    chunkDifferences(samples, c * chunk, chunk, ring, (c % windowChunks) * lags);
    const last = c - windowChunks + 1;
    if (last < 0 || last % hopChunks !== 0) continue;
    // Frame `last / hopChunks` spans chunks last … c: added in that order, as frame by frame.
    const out = (last / hopChunks) * lags;
    for (let k = 0; k < windowChunks; k++) rows[k] = ((last + k) % windowChunks) * lags;
    for (let lag = 0; lag < lags; lag++) {
      let sum = 0;
      for (let k = 0; k < windowChunks; k++) sum += ring[rows[k] + lag];
      differences[out + lag] = sum;
    }
  }
  for (let frame = 0; frame < count; frame++) {
    if (differences[frame * lags] < 1e-12) continue;
    const lag = yinPeriod(differences, frame * lags, voiceWindow);
    if (lag > 0) f0[frame] = pitchRate / lag;
  }
  dropOctaveJumps(f0);
  return { f0, firstCentre };
}

/**
 * One chunk's sums of squared differences for lags 0 to maxLag + 1 into `out` from `at`; lag 0 is
 * the chunk's energy (its difference with nothing: silent frames are skipped). Eight lags go
 * side by side, so each sample of the chunk is read once per eight lags; each lag's sum is still
 * added in sample order, so the figures are the same to the last bit.
 */
function chunkDifferences(samples: Float32Array, from: number, length: number, out: Float64Array, at: number): void {
  const to = from + length;
  let energy = 0;
  for (let i = from; i < to; i++) energy += samples[i] * samples[i];
  out[at] = energy;
  let lag = 1;
  for (; lag + lagsAtOnce - 1 < lags; lag += lagsAtOnce) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    for (let i = from; i < to; i++) {
      const x = samples[i];
      const y = i + lag;
      const d0 = x - samples[y];
      const d1 = x - samples[y + 1];
      const d2 = x - samples[y + 2];
      const d3 = x - samples[y + 3];
      const d4 = x - samples[y + 4];
      const d5 = x - samples[y + 5];
      const d6 = x - samples[y + 6];
      const d7 = x - samples[y + 7];
      s0 += d0 * d0;
      s1 += d1 * d1;
      s2 += d2 * d2;
      s3 += d3 * d3;
      s4 += d4 * d4;
      s5 += d5 * d5;
      s6 += d6 * d6;
      s7 += d7 * d7;
    }
    out[at + lag] = s0;
    out[at + lag + 1] = s1;
    out[at + lag + 2] = s2;
    out[at + lag + 3] = s3;
    out[at + lag + 4] = s4;
    out[at + lag + 5] = s5;
    out[at + lag + 6] = s6;
    out[at + lag + 7] = s7;
  }
  for (; lag < lags; lag++) {
    let sum = 0;
    for (let i = from; i < to; i++) {
      const d = samples[i] - samples[i + lag];
      sum += d * d;
    }
    out[at + lag] = sum;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * YIN's errors are mostly octave jumps (a dip at half or twice the period). One voice in a few
 * seconds of speech stays well within an octave of its median, so values beyond ×/÷ 1.8 of the
 * block's median are dropped as unvoiced rather than let them stretch the range.
 */
function dropOctaveJumps(f0: Float64Array): void {
  const voiced = Array.from(f0).filter((v) => v > 0).sort((a, b) => a - b);
  if (voiced.length < 10) return;
  const median = voiced[voiced.length >> 1];
  for (let i = 0; i < f0.length; i++) if (f0[i] > 0 && (f0[i] > median * 1.8 || f0[i] < median / 1.8)) f0[i] = 0;
}

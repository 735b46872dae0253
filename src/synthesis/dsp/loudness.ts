import type { Pcm } from '../audio.js';
import { filterSeries, highPassStage, shelfStage } from './k-weighting.js';
import { defaultCeiling, limitPeaks } from './limiter.js';

const blockSeconds = 0.4;
const stepSeconds = 0.1; // 75 % overlap
const absoluteGate = -70;
const relativeGate = -10;

/** Loudness of a mean square of K-weighted samples (one channel, weight 1). */
function lufsOf(meanSquare: number): number {
  return -0.691 + 10 * Math.log10(meanSquare);
}

/**
 * Integrated loudness in LUFS per ITU-R BS.1770-4 for a mono signal: K-weighting, 400 ms blocks
 * every 100 ms, blocks under −70 LUFS dropped, then blocks more than 10 LU under the loudness of
 * the rest dropped. A signal shorter than one block is measured as one block. Digital silence
 * measures −Infinity.
 */
export function measureLoudness(pcm: Pcm): number {
  const weighted = filterSeries(pcm.samples, [shelfStage(pcm.sampleRate), highPassStage(pcm.sampleRate)]);
  const blockLength = Math.round(blockSeconds * pcm.sampleRate);
  const step = Math.round(stepSeconds * pcm.sampleRate);
  const prefix = new Float64Array(weighted.length + 1);
  for (let i = 0; i < weighted.length; i++) prefix[i + 1] = prefix[i] + weighted[i] * weighted[i];

  const blocks: number[] = [];
  if (weighted.length > 0 && weighted.length < blockLength) blocks.push(prefix[weighted.length] / weighted.length);
  for (let start = 0; start + blockLength <= weighted.length; start += step) {
    blocks.push((prefix[start + blockLength] - prefix[start]) / blockLength);
  }
  const audible = blocks.filter((meanSquare) => lufsOf(meanSquare) > absoluteGate);
  if (audible.length === 0) return -Infinity;
  const threshold = lufsOf(mean(audible)) + relativeGate;
  const gated = audible.filter((meanSquare) => lufsOf(meanSquare) > threshold);
  return lufsOf(mean(gated));
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/**
 * `pcm` brought to `targetLufs` by a gain. When that gain would push peaks above −1 dBFS, the
 * look-ahead limiter (limiter.ts) holds them at −1 dBFS (sample peak). Limiting lowers the
 * loudness, so the gain is then searched again (secant steps on measured loudness against gain)
 * until the result measures within 0.05 LU of the target. Limitation: a target far above what the
 * speech's peak-to-loudness ratio allows (speech peaks sit 12–20 dB above its loudness) needs
 * so much limiting that the search stops after a few rounds short of it, at the loudest result it
 * reached; the limiter never lets a sample above −1 dBFS either way. Silence is returned as is.
 */
export function normalizeLoudness<T extends Pcm>(pcm: T, targetLufs: number): T {
  if (!Number.isFinite(targetLufs)) throw new RangeError(`invalid loudness target ${targetLufs}`);
  const measured = measureLoudness(pcm);
  if (!Number.isFinite(measured)) return { ...pcm, samples: pcm.samples.slice() };
  const attempt = (gainDb: number): { gainDb: number; samples: Float32Array; error: number } => {
    const samples = limitPeaks(scale(pcm.samples, gainDb), pcm.sampleRate, defaultCeiling);
    return { gainDb, samples, error: targetLufs - measureLoudness({ samples, sampleRate: pcm.sampleRate }) };
  };
  let previous = attempt(targetLufs - measured);
  let best = previous;
  // Without limiting, one dB of gain is one LU; with it, less. The first correction assumes 1.
  let current = Math.abs(previous.error) < 0.05 ? previous : attempt(previous.gainDb + previous.error);
  for (let round = 0; round < 8 && Math.abs(current.error) >= 0.05; round++) {
    if (Math.abs(current.error) < Math.abs(best.error)) best = current;
    const slope = (previous.error - current.error) / (current.gainDb - previous.gainDb);
    const step = current.error / Math.min(1, Math.max(0.02, Number.isFinite(slope) ? slope : 1));
    previous = current;
    current = attempt(current.gainDb + Math.max(-30, Math.min(30, step)));
  }
  if (Math.abs(current.error) < Math.abs(best.error)) best = current;
  return { ...pcm, samples: best.samples };
}
function scale(samples: Float32Array, gainDb: number): Float32Array {
  const gain = 10 ** (gainDb / 20);
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i] * gain;
  return out;
}

/**
 * Syllable nuclei from an intensity contour, after de Jong & Wempe (2009): a nucleus is a peak of
 * the vowel-band intensity that stands out from the dips around it and is loud enough to be
 * speech. (Their voicing test is left out: YIN misses too many frames of rough or tilted voices.)
 * Counting nuclei per second of speech gives a speaking rate that needs no transcript and follows
 * a tempo change (the peaks stay, the seconds shrink).
 */

export interface NucleiInput {
  /** Speech-band intensity per frame, dB. */
  intensity: Float64Array;
  /** Frames inside speech (short gaps filled). */
  speech: Uint8Array;
  /** Seconds between frames. */
  hopSeconds: number;
  /** Peaks below this (dB) are not nuclei. */
  floorDb: number;
}

/** How much a peak must rise above the deeper of its two surrounding dips. */
const prominenceDb = 2;
/** How far (s) to look either side for the dips. */
const dipWindowSeconds = 0.2;
/** Two nuclei closer than this are one syllable. */
const minSpacingSeconds = 0.07;

/** Frame indices of the nuclei, in order. */
export function findNuclei(input: NucleiInput): number[] {
  const { speech, hopSeconds, floorDb } = input;
  const intensity = smooth(input.intensity);
  const reach = Math.max(1, Math.round(dipWindowSeconds / hopSeconds));
  const spacing = Math.max(1, Math.round(minSpacingSeconds / hopSeconds));
  const nuclei: number[] = [];
  for (let i = 1; i < intensity.length - 1; i++) {
    const value = intensity[i];
    if (!speech[i] || value < floorDb) continue;
    if (!(value >= intensity[i - 1] && value > intensity[i + 1])) continue;
    const left = dip(intensity, i, -1, reach);
    const right = dip(intensity, i, 1, reach);
    if (value - Math.max(left, right) < prominenceDb) continue;
    const previous = nuclei[nuclei.length - 1];
    if (previous !== undefined && i - previous < spacing) {
      if (value > intensity[previous]) nuclei[nuclei.length - 1] = i;
      continue;
    }
    nuclei.push(i);
  }
  return nuclei;
}

/** Lowest value walking from `at` in `direction` until a higher value or `reach` frames. */
function dip(values: Float64Array, at: number, direction: 1 | -1, reach: number): number {
  let lowest = values[at];
  for (let step = 1; step <= reach; step++) {
    const i = at + direction * step;
    if (i < 0 || i >= values.length) break;
    if (values[i] > values[at]) break;
    lowest = Math.min(lowest, values[i]);
  }
  return lowest;
}

/** Three-point moving average: removes single-frame flicker without moving the peaks. */
function smooth(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const a = values[Math.max(0, i - 1)];
    const c = values[Math.min(values.length - 1, i + 1)];
    out[i] = (a + values[i] + c) / 3;
  }
  return out;
}

import { RealFft } from './real-fft.js';

/**
 * The type-I discrete cosine transform of `points` = M + 1 values x[0..M]:
 * y[k] = (x[0] + (−1)^k x[M]) / 2 + Σ_{j=1}^{M−1} x[j] cos(π j k / M), k = 0..M,
 * which is half the DFT of the evenly extended sequence of length 2M (a log spectrum and its
 * cepstrum are such sequences). It runs as one real FFT of M points, half the size of that DFT:
 * with z[j] = (x[j] + x[M−j]) / 2 − sin(πj/M) (x[j] − x[M−j]) and Z its DFT, the even outputs are
 * y[2k] = Re Z[k] and the odd ones follow from y[2k+1] = y[2k−1] − Im Z[k], y[1] being summed
 * directly (the classic cosft1 construction).
 */
export class CosineTransform {
  readonly points: number;
  private readonly fft: RealFft;
  private readonly z: Float64Array;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly sin: Float64Array;
  private readonly cos: Float64Array;

  /** `intervals` = M, a power of two of at least 4: the transform takes and gives M + 1 values. */
  constructor(readonly intervals: number) {
    this.points = intervals + 1;
    this.fft = new RealFft(intervals);
    this.z = new Float64Array(intervals);
    this.re = new Float64Array(this.fft.bins);
    this.im = new Float64Array(this.fft.bins);
    const half = intervals / 2;
    this.sin = Float64Array.from({ length: half }, (_, j) => Math.sin((Math.PI * j) / intervals));
    this.cos = Float64Array.from({ length: half }, (_, j) => Math.cos((Math.PI * j) / intervals));
  }

  /**
   * y of `x` (M + 1 values) into `out`, its first `count` values only (all M + 1 by default; a
   * cepstrum needs its first few). `nonZero`: x[j] is zero from this index on, which spares the
   * work on the zeros (an envelope's cepstrum has a few dozen coefficients of M + 1).
   */
  transform(x: ArrayLike<number>, out: Float64Array, count = this.points, nonZero = this.points): Float64Array {
    const m = this.intervals;
    const half = m / 2;
    const { z, re, im, sin, cos } = this;
    const last = nonZero > m ? x[m] : 0;
    z[0] = 0.5 * (x[0] + last);
    let first = 0.5 * (x[0] - last);
    if (nonZero <= half) {
      // Only x[j] < nonZero is non-zero, and x[M−j] is zero for every j here.
      z.fill(0, 1);
      for (let j = 1; j < nonZero; j++) {
        const v = x[j];
        const s = sin[j] * v;
        z[j] = 0.5 * v - s;
        z[m - j] = 0.5 * v + s;
        first += cos[j] * v;
      }
    } else {
      for (let j = 1; j < half; j++) {
        const a = x[j];
        const b = x[m - j];
        const sum = 0.5 * (a + b);
        const s = sin[j] * (a - b);
        z[j] = sum - s;
        z[m - j] = sum + s;
        first += cos[j] * (a - b);
      }
      z[half] = x[half];
    }
    this.fft.forward(z, re, im);
    const n = Math.min(count, this.points);
    let odd = first;
    for (let k = 0; 2 * k < n; k++) {
      out[2 * k] = re[k];
      if (2 * k + 1 < n) {
        if (k > 0) odd -= im[k];
        out[2 * k + 1] = odd;
      }
    }
    return out;
  }
}

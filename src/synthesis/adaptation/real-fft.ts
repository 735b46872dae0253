import FFT from 'fft.js';

/**
 * FFT of real frames, forward and back, with fft.js (radix-4) doing the complex work: a real
 * frame's spectrum is fully given by bins 0 to size / 2, and the inverse runs as one complex
 * transform of half the size (even samples as real part, odd as imaginary). Analysis and the
 * profile's filter transform thousands of frames of one size, so buffers are kept per instance.
 */
export class RealFft {
  /** Bins held by `re` and `im`: size / 2 + 1. */
  readonly bins: number;
  private readonly full: FFT;
  private readonly half: FFT;
  private readonly interleaved: Float64Array;
  private readonly halfSpectrum: Float64Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;

  constructor(readonly size: number) {
    if (size < 4 || (size & (size - 1)) !== 0) throw new RangeError(`FFT size ${size} is not a power of two of at least 4`);
    this.bins = size / 2 + 1;
    this.full = new FFT(size);
    this.half = new FFT(size / 2);
    this.interleaved = new Float64Array(2 * size);
    this.halfSpectrum = new Float64Array(size);
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let k = 0; k < size / 2; k++) {
      this.cos[k] = Math.cos((2 * Math.PI * k) / size);
      this.sin[k] = Math.sin((2 * Math.PI * k) / size);
    }
  }

  /** Spectrum (e^−iωt) of the real `frame` (length `size`) into `re`, `im` (length ≥ `bins`). */
  forward(frame: Float64Array, re: Float64Array, im: Float64Array): void {
    const out = this.interleaved;
    this.full.realTransform(out, frame);
    for (let k = 0; k < this.bins; k++) {
      re[k] = out[2 * k];
      im[k] = out[2 * k + 1];
    }
  }

  /**
   * The real frame (divided by `size`, the inverse of `forward`) whose spectrum has bins `re`,
   * `im` from 0 to size / 2, into `frame`. With X the spectrum and M = size / 2, the even and odd
   * samples' spectra are E[k] = (X[k] + X*[M−k]) / 2 and O[k] = (X[k] − X*[M−k]) e^{2πik/size} / 2,
   * and the half-size inverse of E + iO interleaves them.
   */
  inverse(re: ArrayLike<number>, im: ArrayLike<number>, frame: Float64Array): void {
    const m = this.size / 2;
    const z = this.halfSpectrum;
    for (let k = 0; k < m; k++) {
      const ar = re[k];
      const ai = im[k];
      const br = re[m - k];
      const bi = -im[m - k];
      const er = 0.5 * (ar + br);
      const ei = 0.5 * (ai + bi);
      const dr = 0.5 * (ar - br);
      const di = 0.5 * (ai - bi);
      const c = this.cos[k];
      const s = this.sin[k];
      const or = dr * c - di * s;
      const oi = dr * s + di * c;
      z[2 * k] = er - oi;
      z[2 * k + 1] = ei + or;
    }
    // Interleaved complex output of size / 2 points is exactly the real frame.
    this.half.inverseTransform(frame, z);
  }
}

// fft.js ships no typings. These declare only what real-fft.ts calls; arrays are interleaved
// complex (re, im, re, im, …) of twice the transform size, typed arrays accepted.

declare module 'fft.js' {
  export default class FFT {
    constructor(size: number);
    readonly size: number;
    /** Spectrum of a real signal: bins 0 to size / 2 of `out` (the rest is left as scratch). */
    realTransform(out: Float64Array, data: Float64Array): void;
    /** Forward complex transform. */
    transform(out: Float64Array, data: Float64Array): void;
    /** Inverse complex transform, divided by the size. */
    inverseTransform(out: Float64Array, data: Float64Array): void;
  }
}

/** A biquad's coefficients, a0 normalized to 1. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

// Analog prototypes of the two BS.1770 pre-filter stages, as fitted to the standard's 48 kHz table
// (the published fit libebur128 also uses). Mapped through the bilinear transform with
// K = tan(π f0 / fs) they give back that table to the printed digits (a test checks it) and the
// same frequency response at any other sample rate.
const shelf = { frequency: 1681.974450955533, gainDb: 3.999843853973347, q: 0.7071752369554196 };
const highPass = { frequency: 38.13547087602444, q: 0.5003270373238773 };

/** Stage 1: the high shelf (+4 dB above ~1.7 kHz) modelling the acoustic effect of the head. */
export function shelfStage(sampleRate: number): Biquad {
  const k = Math.tan((Math.PI * shelf.frequency) / sampleRate);
  const vh = 10 ** (shelf.gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  const a0 = 1 + k / shelf.q + k * k;
  return {
    b0: (vh + (vb * k) / shelf.q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelf.q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelf.q + k * k) / a0,
  };
}

/** Stage 2: the revised low-frequency B-curve (RLB) high-pass; numerator 1, −2, 1 as in the standard. */
export function highPassStage(sampleRate: number): Biquad {
  const k = Math.tan((Math.PI * highPass.frequency) / sampleRate);
  const a0 = 1 + k / highPass.q + k * k;
  return { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / highPass.q + k * k) / a0 };
}

/** Runs `input` through the biquads in series (direct form I, double precision state). */
export function filterSeries(input: Float32Array, stages: readonly Biquad[]): Float64Array {
  let signal: Float64Array = Float64Array.from(input);
  for (const { b0, b1, b2, a1, a2 } of stages) {
    const out = new Float64Array(signal.length);
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < signal.length; i++) {
      const x = signal[i];
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      out[i] = y;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
    }
    signal = out;
  }
  return signal;
}

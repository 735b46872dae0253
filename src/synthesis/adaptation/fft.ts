/**
 * In-place iterative radix-2 complex FFT on separate real and imaginary arrays. Tables are made
 * once per size, since analysis and the profile's filter run thousands of frames of one size.
 */
interface FftTables {
  cos: Float64Array;
  sin: Float64Array;
  reversed: Uint32Array;
}

const tables = new Map<number, FftTables>();

function tablesFor(size: number): FftTables {
  let found = tables.get(size);
  if (found) return found;
  if (size < 2 || (size & (size - 1)) !== 0) throw new RangeError(`FFT size ${size} is not a power of two`);
  const cos = new Float64Array(size / 2);
  const sin = new Float64Array(size / 2);
  for (let i = 0; i < size / 2; i++) {
    cos[i] = Math.cos((2 * Math.PI * i) / size);
    sin[i] = Math.sin((2 * Math.PI * i) / size);
  }
  const bits = Math.log2(size);
  const reversed = new Uint32Array(size);
  for (let i = 0; i < size; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    reversed[i] = r;
  }
  found = { cos, sin, reversed };
  tables.set(size, found);
  return found;
}

/** Forward transform (e^−iωt); `inverse` uses e^+iωt and divides by the size. */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const size = re.length;
  const { cos, sin, reversed } = tablesFor(size);
  for (let i = 0; i < size; i++) {
    const j = reversed[i];
    if (j > i) {
      let t = re[i];
      re[i] = re[j];
      re[j] = t;
      t = im[i];
      im[i] = im[j];
      im[j] = t;
    }
  }
  const sign = inverse ? 1 : -1;
  for (let half = 1; half < size; half *= 2) {
    const step = size / (2 * half);
    for (let start = 0; start < size; start += 2 * half) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step];
        const wi = sign * sin[k * step];
        const a = start + k;
        const b = a + half;
        const tr = re[b] * wr - im[b] * wi;
        const ti = re[b] * wi + im[b] * wr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < size; i++) {
      re[i] /= size;
      im[i] /= size;
    }
  }
}

/** Periodic Hann window: overlap-adds to a constant at hops of a half or a quarter of its length. */
export function hannWindow(size: number): Float64Array {
  const window = new Float64Array(size);
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
  return window;
}

/**
 * Third-octave bands (ISO 266 nominal centres, 100 Hz – 6.3 kHz): the resolution of the long-term
 * spectrum a profile's equalizer works at. Below 100 Hz lies little speech energy but much room
 * noise; above 6.3 kHz the engines' 16–22 kHz audio thins out.
 */
export const bandCentres: readonly number[] = [
  100, 125, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500, 3150, 4000, 5000, 6300,
];

/** Exact band edges: each centre times 2^(±1/6). */
export function bandEdges(index: number): [number, number] {
  const centre = bandCentres[index];
  return [centre * 2 ** (-1 / 6), centre * 2 ** (1 / 6)];
}

/** For each FFT bin of a frame (`size` points at `sampleRate`), its band or −1. */
export function binBands(size: number, sampleRate: number): Int32Array {
  const bins = size / 2 + 1;
  const bands = new Int32Array(bins).fill(-1);
  for (let k = 0; k < bins; k++) {
    const frequency = (k * sampleRate) / size;
    for (let b = 0; b < bandCentres.length; b++) {
      const [low, high] = bandEdges(b);
      if (frequency >= low && frequency < high) {
        bands[k] = b;
        break;
      }
    }
  }
  return bands;
}

/**
 * A gain in dB at any frequency from per-band gains: linear in log-frequency between centres,
 * held flat beyond the first and last band.
 */
export function bandGainAt(gainsDb: readonly number[], frequency: number): number {
  if (frequency <= bandCentres[0]) return gainsDb[0];
  const last = bandCentres.length - 1;
  if (frequency >= bandCentres[last]) return gainsDb[last];
  const position = Math.log2(frequency / bandCentres[0]) * 3;
  const low = Math.min(last - 1, Math.floor(position));
  // Nominal centres are rounded; interpolate by the true position between the two centres.
  const from = Math.log2(bandCentres[low]);
  const to = Math.log2(bandCentres[low + 1]);
  const t = Math.min(1, Math.max(0, (Math.log2(frequency) - from) / (to - from)));
  return gainsDb[low] + (gainsDb[low + 1] - gainsDb[low]) * t;
}

/**
 * Distance between two long-term spectra in dB: the RMS of their band differences after each is
 * levelled to a mean of 0 dB, so overall loudness does not count, only the shape.
 */
export function spectrumDistance(a: readonly number[], b: readonly number[]): number {
  const la = levelled(a);
  const lb = levelled(b);
  let sum = 0;
  for (let i = 0; i < la.length; i++) sum += (la[i] - lb[i]) ** 2;
  return Math.sqrt(sum / la.length);
}

/** The values minus their mean. */
export function levelled(values: readonly number[]): number[] {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return values.map((v) => v - mean);
}

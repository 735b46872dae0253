/** Ramps the last `seconds` of `samples` down to zero in place (raised cosine), so a cut does not click. */
export function fadeOutInPlace(samples: Float32Array, sampleRate: number, seconds = 0.01): void {
  const length = Math.min(samples.length, Math.round(seconds * sampleRate));
  const start = samples.length - length;
  for (let i = 0; i < length; i++) {
    samples[start + i] *= 0.5 + 0.5 * Math.cos((Math.PI * (i + 1)) / length);
  }
}

/** Helpers for what mpg123-decoder hands back, shared by whole-file and streamed MP3 decoding. */

/** Channels averaged to mono, kept inside [−1, 1]: a damaged stream can decode to overs (and NaN). */
export function mixDown(channels: readonly Float32Array[], length: number): Float32Array {
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i] += channel[i] / channels.length;
  for (let i = 0; i < length; i++) {
    const v = out[i];
    out[i] = v > 1 ? 1 : v < -1 ? -1 : v === v ? v : 0;
  }
  return out;
}

/**
 * mpg123-decoder prints every stream error it meets (bad frames in a damaged upload) with
 * console.error before carrying on. Those are expected here, and the result already says whether
 * any audio came out, so the printing is muted for the duration of the synchronous call.
 */
export function withoutConsoleErrors<T>(run: () => T): T {
  const original = console.error;
  console.error = () => {};
  try {
    return run();
  } finally {
    console.error = original;
  }
}

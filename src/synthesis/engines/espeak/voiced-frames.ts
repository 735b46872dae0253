/** 10 ms analysis frames: finer than any phone, coarse enough to step over single zero crossings. */
const frameSeconds = 0.01;
/** Frames 40 dB below the loudest frame are silence (eSpeak's pauses are digital zeros or close). */
const silenceRatio = 0.01;
const silenceFloor = 1e-4;

/** Where the audio is sounding, frame by frame, to trim silence off word spans. */
export interface VoicedFrames {
  /**
   * [start, end] in seconds without leading silence of at least `minimumLeading` seconds and
   * trailing silence of at least `minimumTrailing`; unchanged when the span holds no sound at all.
   */
  trim(start: number, end: number, minimumLeading: number, minimumTrailing: number): { start: number; end: number };
}

export function voicedFrames(samples: Float32Array, sampleRate: number): VoicedFrames {
  const frameLength = Math.max(1, Math.round(sampleRate * frameSeconds));
  const count = Math.ceil(samples.length / frameLength);
  const loud = new Uint8Array(count);
  const levels = new Float32Array(count);
  let maximum = 0;
  for (let frame = 0; frame < count; frame++) {
    const from = frame * frameLength;
    const to = Math.min(samples.length, from + frameLength);
    let energy = 0;
    for (let i = from; i < to; i++) energy += samples[i] * samples[i];
    levels[frame] = Math.sqrt(energy / (to - from));
    maximum = Math.max(maximum, levels[frame]);
  }
  const threshold = Math.max(silenceFloor, maximum * silenceRatio);
  for (let frame = 0; frame < count; frame++) loud[frame] = levels[frame] > threshold ? 1 : 0;

  const duration = samples.length / sampleRate;
  const frameDuration = frameLength / sampleRate;
  return {
    trim(start, end, minimumLeading, minimumTrailing) {
      // Only frames wholly inside the span: a frame straddling its end may hold the next word's onset.
      const first = Math.ceil(start / frameDuration - 1e-9);
      const last = Math.min(count - 1, Math.floor(end / frameDuration + 1e-9) - 1);
      let onset = first;
      while (onset <= last && !loud[onset]) onset++;
      if (onset > last) return { start, end };
      let offset = last;
      while (offset > onset && !loud[offset]) offset--;

      const soundStart = Math.max(start, onset * frameDuration);
      const soundEnd = Math.min(end, duration, (offset + 1) * frameDuration);
      return {
        start: soundStart - start >= minimumLeading ? soundStart : start,
        end: end - soundEnd >= minimumTrailing ? soundEnd : end,
      };
    },
  };
}

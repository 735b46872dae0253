import { yinLag, yinScratch, type YinWindow } from '../analysis/yin.js';

/**
 * Pitch tracking for voice analysis with the shared YIN: 8 kHz, 25 ms integration window, lags for
 * 50–500 Hz, one frame per 10 ms, no allocation per frame (cloning analyses up to hours of audio).
 */
export const pitchRate = 8000;
const voiceWindow: YinWindow = { window: 200, minLag: 16, maxLag: 160, threshold: 0.15 };

/** F0 in Hz (0 when unvoiced) for frames starting every `hop` samples of 8 kHz audio. */
export function trackPitch(samples: Float32Array, hop = 80): { f0: Float64Array; firstCentre: number } {
  const count = samples.length >= voiceWindow.window + voiceWindow.maxLag + 1 ? Math.floor((samples.length - voiceWindow.window - voiceWindow.maxLag - 1) / hop) + 1 : 0;
  const f0 = new Float64Array(count);
  const scratch = yinScratch(voiceWindow);
  for (let frame = 0; frame < count; frame++) {
    const lag = yinLag(samples, frame * hop, voiceWindow, scratch);
    if (lag > 0) f0[frame] = pitchRate / lag;
  }
  dropOctaveJumps(f0);
  return { f0, firstCentre: voiceWindow.window / 2 / pitchRate };
}

/**
 * YIN's errors are mostly octave jumps (a dip at half or twice the period). One voice in a few
 * seconds of speech stays well within an octave of its median, so values beyond ×/÷ 1.8 of the
 * block's median are dropped as unvoiced rather than let them stretch the range.
 */
function dropOctaveJumps(f0: Float64Array): void {
  const voiced = Array.from(f0).filter((v) => v > 0).sort((a, b) => a - b);
  if (voiced.length < 10) return;
  const median = voiced[voiced.length >> 1];
  for (let i = 0; i < f0.length; i++) if (f0[i] > 0 && (f0[i] > median * 1.8 || f0[i] < median / 1.8)) f0[i] = 0;
}

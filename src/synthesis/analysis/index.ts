export { activeSpeech, type ActiveSpeechOptions, type SpeechBounds } from './active-speech.js';
export { f0Stats, f0Track, meanF0Between, statsOf, type F0Frame, type F0Stats } from './f0.js';
export { measureLoudness } from './loudness.js';
export { rms, rmsDb } from './rms.js';

export { measureLoudness } from '../dsp/loudness.js';

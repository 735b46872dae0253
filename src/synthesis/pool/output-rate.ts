import type { TimedPcm } from '../audio.js';
import { resample } from '../dsp/resample.js';

/**
 * `speech` at the output `rate`. Bringing it down by less than half (eSpeak's and Piper's
 * 22.05 kHz, Kokoro's 24 kHz to a stream's 16 kHz) takes Speex's general downsampler, whose filter
 * for that ratio is long: 12 ms for 5 s of eSpeak's speech, which a stream-input chunk's first
 * audio waited for. Going up to twice the rate through the polyphase upsampler and halving from
 * there is 5 ms (the route the ElevenLabs routes' HTTP stream already took through 32 kHz);
 * docs/performance.md, "Issue 33, fourth session". Other ratios go straight.
 */
export function atOutputRate(speech: TimedPcm, rate: number): Promise<TimedPcm> {
  if (speech.sampleRate > rate && speech.sampleRate < 2 * rate) return resample(speech, 2 * rate).then((doubled) => resample(doubled, rate));
  return resample(speech, rate);
}

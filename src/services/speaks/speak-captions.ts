import { CaptionError } from '../../text/captions/caption-error.js';
import { captionFile, type CaptionFormat } from '../../text/captions/caption-file.js';
import type { CueLimits } from '../../text/captions/caption-cues.js';
import { characterTimestamps, wordTimestamps } from '../speech/timestamps.js';
import { rejections } from './errors.js';
import type { Speak } from './speak.js';

/**
 * The caption file of a finished speak, from the same word and character timings the current
 * interface's with-timestamps answer gives for that text, so both interfaces caption alike.
 */
export function speakCaptionsOf(speak: Speak, format: CaptionFormat, limits: CueLimits): string {
  if (speak.status !== 'done' || !speak.timing || speak.duration === null) {
    throw rejections.invalid('speak_status', `The speak is ${speak.status}; its captions exist once it is done`);
  }
  const text = speak.timing.text ?? speak.order.text;
  const timings = { words: wordTimestamps(text, speak.timing.words, speak.duration), characters: characterTimestamps(text, speak.timing.words, speak.duration) };
  try {
    return captionFile(timings, format, limits);
  } catch (error) {
    if (error instanceof CaptionError) throw rejections.invalid('text', error.message);
    throw error;
  }
}

import { frameArrays } from '../adaptation/block-frames.js';
import { measureFramesHere } from '../adaptation/frame-requests.js';
import { finishSpeech } from './finish-speech.js';
import { renderSentence } from './render-sentence.js';
import type { RenderedSentence } from './tasks.js';
import { warmUpFrames, warmUpSentences, warmUpSpeech } from './warm-up.js';

/**
 * One round of a pool thread's warm-up, in that thread: a clone's blocks measured, then the
 * sentences rendered one by one and finished like a request's speech, through the functions the
 * thread's tasks call.
 */
export async function warmUpThisThread(): Promise<void> {
  // The blocks first: their short one runs the timbre filter before the custom voice's sentence does.
  for (const request of warmUpFrames()) frameArrays(await measureFramesHere(request));
  const pieces: RenderedSentence[] = [];
  for (const sentence of warmUpSentences()) pieces.push(await renderSentence(sentence));
  await finishSpeech(warmUpSpeech(pieces));
}

/** Entry of each pool thread: engines and DSP run here, never on the server's event loop. */
import { finishSpeech, encodeAudio } from './finish-speech.js';
import { renderSentence } from './render-sentence.js';
import type { PoolTask } from './tasks.js';

export default async function run(task: PoolTask) {
  switch (task.kind) {
    case 'sentence':
      return renderSentence(task);
    case 'finish':
      return finishSpeech(task);
    case 'encode-chunk':
      return encodeAudio({ samples: task.piece.samples, sampleRate: task.piece.sampleRate }, task.output);
  }
}

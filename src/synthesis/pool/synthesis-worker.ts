/** Entry of each pool thread: engines and DSP run here, never on the server's event loop. */
import { encodeAudio, finishSpeech } from './finish-speech.js';
import { renderSentence } from './render-sentence.js';
import type { PoolTask } from './tasks.js';
import { movingResult, ownBuffer } from './transfer.js';

export default async function run(task: PoolTask) {
  switch (task.kind) {
    case 'sentence': {
      const rendered = await renderSentence(task);
      const samples = ownBuffer(rendered.samples);
      return movingResult({ ...rendered, samples }, [samples]);
    }
    case 'finish': {
      const finished = await finishSpeech(task);
      const audio = ownBuffer(finished.audio);
      return movingResult({ ...finished, audio }, [audio]);
    }
    case 'encode-chunk': {
      const audio = ownBuffer(await encodeAudio({ samples: task.piece.samples, sampleRate: task.piece.sampleRate }, task.output));
      return movingResult(audio as unknown as object, [audio]);
    }
  }
}

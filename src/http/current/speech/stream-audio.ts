import type { SpeechStream } from '../../../services/speech/speech-service.js';
import type { Pcm } from '../../../synthesis/audio.js';
import { normalizeLoudness } from '../../../synthesis/dsp/loudness.js';
import { createMp3StreamEncoder, pcm16Bytes, wavStreamHeader } from '../../../synthesis/encoders/index.js';
import { sentencePauseSeconds } from '../../../synthesis/pipeline/synthesizer.js';

/** Where the stream stands, for the X-Audio-Duration trailer. */
export interface StreamProgress {
  seconds: number;
}

/**
 * The bytes of a streamed synthesis, one chunk per finished sentence. WAV: the 44-byte header
 * with both sizes 0xFFFFFFFF goes out with the first sentence, then PCM 16-bit only. MP3: one
 * LAME encoder for the whole stream (gapless), each chunk whole frames. Sentences are separated by
 * the same pause as in a file answer. `target_lufs` is applied sentence by sentence, since the
 * whole speech is never in hand.
 */
export async function* streamAudio(stream: SpeechStream, progress: StreamProgress): AsyncGenerator<Buffer> {
  const { output } = stream;
  const rate = output.sampleRate;
  const pause = new Float32Array(Math.round(sentencePauseSeconds * rate));
  const mp3 = output.format === 'mp3' ? await createMp3StreamEncoder(rate, { bitrate: 320 }) : null;
  let first = true;
  for await (const sentence of stream.sentences()) {
    let pcm: Pcm = { samples: sentence.samples, sampleRate: sentence.sampleRate };
    if (output.targetLufs !== null) pcm = normalizeLoudness(pcm, output.targetLufs);
    const parts: Uint8Array[] = [];
    if (first && !mp3) parts.push(wavStreamHeader(rate));
    if (!first) {
      parts.push(mp3 ? mp3.encode(pause) : pcm16Bytes({ samples: pause, sampleRate: rate }));
      progress.seconds += pause.length / rate;
    }
    parts.push(mp3 ? mp3.encode(pcm.samples) : pcm16Bytes(pcm));
    progress.seconds += pcm.samples.length / rate;
    first = false;
    const chunk = Buffer.concat(parts);
    if (chunk.length > 0) yield chunk;
  }
  if (mp3) {
    const tail = mp3.finish();
    if (tail.length > 0) yield Buffer.from(tail);
  }
}

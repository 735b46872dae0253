import { int16ToFloat } from '../../synthesis/dsp/int16.js';
import { resample } from '../../synthesis/dsp/resample.js';
import type { FormatEncoder } from '../../synthesis/encoders/format-encoder.js';
import type { SpeechStream } from './speech-service.js';

/** Bytes of the WAV header at the start of a speech stream's first chunk(s). */
const wavHeaderBytes = 44;

/**
 * A WAV speech stream's chunks in another format and rate, as the OpenAI and ElevenLabs skins
 * answer: the header skipped, each chunk's samples resampled to `sampleRate` and encoded.
 */
export async function* reencodedChunks(stream: SpeechStream, sampleRate: number, createEncoder: () => Promise<FormatEncoder>): AsyncGenerator<Uint8Array> {
  // Made here, so only this loop ever touches it (closing it from elsewhere mid-encode is unsafe).
  const encoder = await createEncoder();
  let headerLeft = wavHeaderBytes;
  try {
    for await (const chunk of stream.chunks()) {
      const body = chunk.subarray(Math.min(headerLeft, chunk.length));
      headerLeft = Math.max(0, headerLeft - chunk.length);
      const pcm = await resample({ samples: pcm16ToFloat(body), sampleRate: stream.output.sampleRate }, sampleRate);
      const encoded = await encoder.encode(pcm.samples);
      if (encoded.length > 0) yield encoded;
    }
    const last = await encoder.finish();
    if (last.length > 0) yield last;
  } finally {
    await encoder.close();
  }
}

function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const aligned = new Uint8Array(bytes.length - (bytes.length % 2));
  aligned.set(bytes.subarray(0, aligned.length));
  return int16ToFloat(new Int16Array(aligned.buffer));
}

import type { Pcm } from '../audio.js';
import { asBytes } from './audio-decode-error.js';
import { findWavChunks } from './wav-chunks.js';
import { parseWavFormat } from './wav-format.js';
import { wavSamplesToMono } from './wav-samples.js';

/**
 * Any common WAV to mono PCM: integer PCM of 8–32 bits, IEEE float of 32 or 64 bits, μ-law and
 * A-law, plain or WAVE_FORMAT_EXTENSIBLE, any number of channels (averaged), extra chunks
 * skipped, streamed files (unknown sizes) read to their end. Bad input throws AudioDecodeError
 * and nothing else.
 */
export function decodeWav(input: Uint8Array | ArrayBuffer): Pcm {
  const layout = findWavChunks(asBytes(input));
  const format = parseWavFormat(layout.format);
  return { samples: wavSamplesToMono(layout.data, format), sampleRate: format.sampleRate };
}

import { MPEGDecoder } from 'mpg123-decoder';
import type { Pcm } from '../audio.js';
import { AudioDecodeError, asBytes } from './audio-decode-error.js';
import { id3v2Length, mp3FrameAt } from './sniff.js';

/**
 * MP3 to mono PCM at the file's rate through mpg123 (WASM). The file must start with MPEG Layer III
 * frames, after an optional ID3v2 tag; a LAME/Xing header, where present, lets mpg123 drop the
 * encoder delay and padding. Bad input throws AudioDecodeError and nothing else.
 */
export async function decodeMp3(input: Uint8Array | ArrayBuffer): Promise<Pcm> {
  const bytes = asBytes(input);
  if (bytes.length === 0) throw new AudioDecodeError('empty', 'The audio file is empty.');
  const start = id3v2Length(bytes);
  if (start >= bytes.length) throw new AudioDecodeError('truncated', 'The MP3 file holds a tag but no audio.');
  if (!mp3FrameAt(bytes, start)) throw new AudioDecodeError('unrecognized', 'The file is not an MP3 file.');

  const decoder = new MPEGDecoder();
  let decoded;
  try {
    await decoder.ready;
    decoded = withoutConsoleErrors(() => decoder.decode(bytes.subarray(start)));
  } catch {
    throw new AudioDecodeError('corrupt', 'The MP3 file could not be decoded.');
  } finally {
    try {
      decoder.free();
    } catch {
      // Freeing a decoder whose WASM aborted can fail too; the instance is dropped either way.
    }
  }
  if (decoded.samplesDecoded === 0 || decoded.sampleRate === 0) {
    throw new AudioDecodeError('corrupt', 'The MP3 file holds no decodable audio.');
  }
  return { samples: mixDown(decoded.channelData, decoded.samplesDecoded), sampleRate: decoded.sampleRate };
}

function mixDown(channels: readonly Float32Array[], length: number): Float32Array {
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i] += channel[i] / channels.length;
  // A damaged stream can decode to overs; keep the [−1, 1] promise of Pcm (and drop any NaN).
  for (let i = 0; i < length; i++) {
    const v = out[i];
    out[i] = v > 1 ? 1 : v < -1 ? -1 : v === v ? v : 0;
  }
  return out;
}

/**
 * mpg123-decoder prints every stream error it meets (bad frames in a damaged upload) with
 * console.error before carrying on. Those are expected here, and the result already says whether
 * any audio came out, so the printing is muted for the duration of the synchronous call.
 */
function withoutConsoleErrors<T>(run: () => T): T {
  const original = console.error;
  console.error = () => {};
  try {
    return run();
  } finally {
    console.error = original;
  }
}

import type { Pcm } from '../audio.js';
import { AudioDecodeError, asBytes } from './audio-decode-error.js';
import { id3v2Length, mp3FrameAt } from './sniff.js';
import { mixDown, withoutConsoleErrors } from './mpg123-output.js';

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

  // Imported on first use: most servers never decode an MP3 upload, and the main thread imports
  // this module with the routes that can.
  const { MPEGDecoder } = await import('mpg123-decoder');
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
